// The input of corpus/one-pass/runtime-error-reference-counting-deallocates-an-if-result-aliasing-a-live-buffer.mlir
// with its scf.if written as arith.select: %own is allocated and filled whatever %cond, and %picked is
// %slab or %own. The same values for every %cond; AutomaticReferenceCounting must not free %slab, which
// the function returns.
util.global private @d0 : !hal.device
util.func public @main(%cond: i1) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %slab, %slab_tp = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c64} => !stream.timepoint
  %filled = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%slab_tp) => with(%slab as %s: !stream.resource<external>{%c64}) {
    stream.cmd.fill %c1_i32, %s[%c0 for %c64] : i32 -> !stream.resource<external>{%c64}
  } => !stream.timepoint
  %own, %own_tp = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%filled) => !stream.resource<external>{%c64} => !stream.timepoint
  %own_filled = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%own_tp) => with(%own as %o: !stream.resource<external>{%c64}) {
    stream.cmd.fill %c2_i32, %o[%c0 for %c64] : i32 -> !stream.resource<external>{%c64}
  } => !stream.timepoint
  %picked = arith.select %cond, %slab, %own : !stream.resource<external>
  %ready = stream.timepoint.join max(%filled, %own_filled) => !stream.timepoint
  %copied = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%ready) => with(%picked as %p: !stream.resource<external>{%c64}, %slab as %s: !stream.resource<external>{%c64}) {
    stream.cmd.copy %p[%c0], %s[%c32], %c16 : !stream.resource<external>{%c64} -> !stream.resource<external>{%c64}
  } => !stream.timepoint
  %result = stream.timepoint.await %copied => %slab : !stream.resource<external>{%c64}
  util.return %result : !stream.resource<external>
}
