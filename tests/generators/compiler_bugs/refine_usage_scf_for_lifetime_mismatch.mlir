// Found by generators (L1, minimized by Hypothesis). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: 'scf.for' op along control flow edge ...: successor operand type ... !stream.resource<external>
// Input types agree (all !stream.resource<*>); lifetime refinement gives a loop-carried value
// different lifetimes on entry and back edge after a same-device transfer to external is exported.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() -> (!hal.buffer_view) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %v3 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v4 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v5 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v6 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v7 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v8 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v9 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v10 = stream.async.transfer %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %v11 = stream.async.transfer %v2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
    %out0 = stream.tensor.export on(#hal.device.affinity<@d0>) %v11 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
    %v17, %v18 = scf.for %i17 = %c0 to %c1 step %c1 iter_args(%v12 = %v1, %v13 = %v2) -> (!stream.resource<*>, !stream.resource<*>) {
      %v16 = scf.for %i16 = %c0 to %c3 step %c1 iter_args(%v14 = %v10) -> (!stream.resource<*>) {
        %v15 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
        scf.yield %v15 : !stream.resource<*>
      }
      scf.yield %v16, %v16 : !stream.resource<*>, !stream.resource<*>
    }
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v3 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v4 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v5 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v6 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v7 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v8 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v9 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v10 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v17 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v18 : !stream.resource<*>
    util.return %out0 : !hal.buffer_view
  }
}
