// Found by generators (L1 stats run, minimized by line deletion). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: maximum iteration count exceeded in fixed point pipeline
// Same bug as fixed_point_dead_loop_in_loop.mlir, reached by a loop that is only partly dead: the
// middle loop's first slot moves its value round trip @d0 -> @d4 -> @d0 and feeds nothing, while its
// second slot is yielded out and witnessed. With the middle loop running once it compiles.
module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.func public @main(%h0: !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %v1 = stream.tensor.import on(#hal.device.promise<@d7>) %h0 : !hal.buffer_view -> tensor<128xi8> in !stream.resource<external>{%c128}
    %v2 = stream.async.transfer on(#hal.device.promise<@d7>) %v1 : !stream.resource<external>{%c128} -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
    %v3 = stream.async.transfer on(#hal.device.promise<@d4>) %v2 : !stream.resource<*>{%c128} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d4>) !stream.resource<*>{%c128}
    %v5 = stream.async.transfer on(#hal.device.promise<@d0>) %v3 : !stream.resource<*>{%c128} from(#hal.device.promise<@d4>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
    %v6 = stream.async.dispatch on(#hal.device.promise<@d7>) @ex::@entry2(%v1[%c0 to %c128 for %c128]) : (!stream.resource<external>{%c128}) -> (!stream.resource<*>{%c16})
    %v22 = scf.for %i22 = %c0 to %c2 step %c1 iter_args(%v7 = %v6) -> (!stream.resource<*>) {
      %v20, %v21 = scf.for %i20 = %c0 to %c3 step %c1 iter_args(%v8 = %v5, %v9 = %v6) -> (!stream.resource<*>, !stream.resource<*>) {
        %v13 = stream.async.transfer on(#hal.device.promise<@d4>) %v8 : !stream.resource<*>{%c128} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d4>) !stream.resource<*>{%c128}
        %v14 = stream.async.dispatch on(#hal.device.promise<@d7>) @ex::@entry3(%v9[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (!stream.resource<*>{%c16})
        %v15 = stream.async.transfer on(#hal.device.promise<@d0>) %v13 : !stream.resource<*>{%c128} from(#hal.device.promise<@d4>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
        %v18, %v19 = scf.for %i18 = %c0 to %c1 step %c1 iter_args(%v16 = %v14, %v17 = %v9) -> (!stream.resource<*>, !stream.resource<*>) {
          scf.yield %v16, %v17 : !stream.resource<*>, !stream.resource<*>
        }
        scf.yield %v15, %v19 : !stream.resource<*>, !stream.resource<*>
      }
      scf.yield %v21 : !stream.resource<*>
    }
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v5 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d7>} %v22 : !stream.resource<*>
    util.return
  }
}
