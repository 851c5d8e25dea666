// Found by generators (L1 stats run, minimized by hand). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: operation's operand is unlinked
// A callee whose two results both fold to the same parameter (a d0->d1->d0 round trip of %a, and a
// full update of %a with it): after canonicalize it is `util.return %arg0, %arg0`, and iree-util-ipo
// RAUWs result 0 with the call operand, then result 1 with the dead result 0. Returning %y, %x, or
// leaving %r#1 unused, compiles. Plain `util.return %a, %a` (any type) fails the same way in iree-util-ipo.
// The dangling operand is a use after free: in a process that compiled other programs first, this
// sometimes segfaults instead (3 of 30 pytest runs), so tests compile it in a worker process.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func private @callee(%a: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %x = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %y = stream.async.transfer %x : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %z = stream.async.update on(#hal.device.affinity<@d0>) %y, %a[%c0 to %c16] : !stream.resource<*>{%c16} -> %a as !stream.resource<*>{%c16}
  util.return %y, %z : !stream.resource<*>, !stream.resource<*>
}
util.func public @main() {
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %v = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %r:2 = util.call @callee(%v) : (!stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>)
  util.optimization_barrier %r#0 : !stream.resource<*>
  util.optimization_barrier %r#1 : !stream.resource<*>
  util.return
}
