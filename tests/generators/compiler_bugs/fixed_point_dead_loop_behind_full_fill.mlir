// Found by generators (L1 stats run, minimized by hand). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: maximum iteration count exceeded in fixed point pipeline
// Same bug as fixed_point_dead_loop_in_loop.mlir, reached through a fill of the whole resource: canonicalize
// folds %v7 (fill of all 16 bytes of %v5) into a splat, so the loops' result %v5 is dead and the inner loop
// is the dead in-place writer of fixed_point_dead_loop_in_loop.mlir. Compiles if the last fill covers
// only part of %v5 (e.g. [%c0 to %c8 for %c8]), or if either loop runs once.
util.global private @d0 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v5 = scf.for %i = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
    %v4 = scf.for %j = %c0 to %c2 step %c1 iter_args(%v3 = %v1) -> (!stream.resource<*>) {
      %v6 = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i32, %v3[%c0 to %c8 for %c8] : i32 -> %v3 as !stream.resource<*>{%c16}
      scf.yield %v6 : !stream.resource<*>
    }
    scf.yield %v4 : !stream.resource<*>
  }
  %v7 = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i32, %v5[%c0 to %c16 for %c16] : i32 -> %v5 as !stream.resource<*>{%c16}
  util.optimization_barrier %v7 : !stream.resource<*>
  util.return
}
