// Found by generators (L1 stats run, minimized by hand). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: 'scf.for' op along control flow edge from Operation scf.yield to Operation scf.for: successor operand type #0 '!stream.resource<external>' should match successor input type #0 '!stream.resource<transient>'
// Same bug as refine_usage_scf_for_lifetime_mismatch.mlir, with one loop and no nesting: %v2 is exported through a
// same-device transfer to external and also carried by scf.for, whose back edge is a cross-device transfer result.
// Compiles if the loop starts from another value (or a splat), or yields a same-device value (splat/dispatch).
// Also fails with the export after the loop, exporting the loop result, or carrying a clone of %v2.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() -> !hal.buffer_view {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v2 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@e(%v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %v8 = stream.async.transfer %v2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
  %out = stream.tensor.export on(#hal.device.affinity<@d1>) %v8 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %v5 = scf.for %i = %c0 to %c2 step %c1 iter_args(%v3 = %v2) -> (!stream.resource<*>) {
    %v0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v4 = stream.async.transfer %v0 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    scf.yield %v4 : !stream.resource<*>
  }
  util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v5 : !stream.resource<*>
  util.return %out : !hal.buffer_view
}
