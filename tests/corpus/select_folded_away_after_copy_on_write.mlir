// The 3.13 campaign's program of async-clobbered-read-c9553a5e56b1 (seed 37, L1, unshrunk; signed apart
// from async-clobbered-read-7a2e0b6e5439, 40 hits). After copy-on-write the fill %v12 writes the select %v11
// of %v4 and %v9 in place (the select has one user, so isSafeToElideCOW lets it) while %v4 is still read:
// the select entry's bug, marked written-through-alias there. By the end of the async stage no select is
// left to see: %v9 is a clone of %v4 on its own device, which ElideAsyncCopies drops, and the select of
// one value folds to it, so the fill writes %v4 itself and the clobbers read then carry no mark.
module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.global private @d4 : !hal.device
  util.func public @main(%cond: i1) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c7_i32 = arith.constant 7 : i32
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c1234_i32 = arith.constant 1234 : i32
    %v1 = stream.async.constant on(#hal.device.affinity<@d3>) : !stream.resource<*>{%c16} = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi8>
    %v2 = stream.async.fill on(#hal.device.affinity<@d3>) %c1234_i32, %v1[%c0 to %c4 for %c4] : i32 -> %v1 as !stream.resource<*>{%c16}
    %v3 = stream.async.transfer %v2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %v4 = stream.async.transfer %v2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %v5 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@entry1(%v4[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (!stream.resource<*>{%c16})
    %v6 = arith.select %cond, %v5, %v4 : !stream.resource<*>
    %v7_scope = util.buffer.constant : !util.buffer = "model"
    %v7_key = util.buffer.constant : !util.buffer = "p2"
    %v7_offset = arith.constant 0 : i64
    %v7_param, %v7_loaded = stream.async.parameter.load on(#hal.device.affinity<@d0>) %v7_scope::%v7_key[%v7_offset] : !stream.resource<constant>{%c64} => !stream.timepoint
    %v7_ready = stream.timepoint.await %v7_loaded => %v7_param : !stream.resource<constant>{%c64}
    %v7 = stream.async.transfer %v7_ready : !stream.resource<constant>{%c64} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c64}
    %v8 = stream.async.transfer %v6 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d3>) !stream.resource<*>{%c16}
    %v9 = stream.async.transfer %v4 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %v10 = stream.async.splat on(#hal.device.affinity<@d3>) %c7_i32 : i32 -> !stream.resource<*>{%c64}
    %v11 = arith.select %cond, %v9, %v4 : !stream.resource<*>
    %v12 = stream.async.fill on(#hal.device.affinity<@d1>) %c0_i32, %v11[%c8 to %c16 for %c8] : i32 -> %v11 as !stream.resource<*>{%c16}
    %v13 = stream.async.transfer %v5 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d3>) !stream.resource<*>{%c16}
    %v14 = stream.async.transfer %v4 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d3>) !stream.resource<*>{%c16}
    %v15 = stream.async.copy on(#hal.device.affinity<@d3>) %v14[%c0 to %c16], %v8[%c0 to %c16], %c16 : !stream.resource<*>{%c16} -> %v8 as !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v4 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v5 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v7 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v10 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v13 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v14 : !stream.resource<*>
    util.return %v3, %v6, %v9, %v12, %v15 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
  }
}
