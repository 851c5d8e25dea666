// Found by generators (L1 stats run, minimized by hand). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: maximum iteration count exceeded in fixed point pipeline
// Same bug as fixed_point_dead_loop_in_loop.mlir (ElideTimepoints re-adds join(.., %tp), canonicalize folds
// it), but the dead inner loop writes in place a fresh dispatch result computed from its carried %v2, not
// %v2 itself (a slice of %v2 does it too; so does a copy or update into %v3). Compiles if either loop runs
// once, if the fill covers all of %v3, or if the outer loop carries and yields %v4.
util.global private @d0 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  scf.for %i = %c0 to %c2 step %c1 {
    %v4 = scf.for %j = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
      %v3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry(%v2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
      %v5 = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i32, %v3[%c0 to %c8 for %c8] : i32 -> %v3 as !stream.resource<*>{%c16}
      scf.yield %v5 : !stream.resource<*>
    }
  }
  util.optimization_barrier %v1 : !stream.resource<*>
  util.return
}
