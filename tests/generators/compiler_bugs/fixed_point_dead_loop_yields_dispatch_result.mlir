// Found by generators (L1 campaign, minimized by line deletion). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: maximum iteration count exceeded in fixed point pipeline
// Same bug as fixed_point_dead_loop_in_if.mlir with no in-place write or copy at all: the dead loop in
// the scf.if carries a fresh dispatch result, made from its carried value and a splat made in the loop.
// Without the in-loop splat operand, or with the loop running once, it compiles.
util.global private @d0 : !hal.device
util.func public @main(%cond: i1) {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  scf.if %cond {
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v5 = scf.for %i5 = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
      %v3 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
      %v4 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry1(%v1[%c0 to %c16 for %c16], %v3[%c0 to %c16 for %c16], %v2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> (!stream.resource<*>{%c16})
      scf.yield %v4 : !stream.resource<*>
    }
  }
  util.return
}
