// Seed 39's L1 program (3.13, placement-read-6523b5e7796f, 18 hits in 10 min): the primary placement/read (a
// constant's upload storage placed on @d2, pulled by @d1) is explained by no entry; its clobbered read and its
// executes before their allocas are two known entries'.
module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.func public @main() -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2_i32 = arith.constant 2 : i32
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c7_i32 = arith.constant 7 : i32
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c96 = arith.constant 96 : index
    %c124 = arith.constant 124 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    %c1234_i32 = arith.constant 1234 : i32
    %channel_d0 = stream.channel.create on(#hal.device.promise<@d0>) rank(%c0) count(%c4) : !stream.channel
    %channel_d1 = stream.channel.create on(#hal.device.promise<@d1>) rank(%c1) count(%c4) : !stream.channel
    %channel_d3 = stream.channel.create on(#hal.device.affinity<@d3>) rank(%c3) count(%c4) : !stream.channel
    %v1 = stream.async.splat on(#hal.device.promise<@d0>) %c1234_i32 : i32 -> !stream.resource<*>{%c128}
    %v2 = stream.async.fill on(#hal.device.promise<@d0>) %c0_i32, %v1[%c0 to %c32 for %c32] : i32 -> %v1 as !stream.resource<*>{%c128}
    %v3 = stream.async.fill on(#hal.device.promise<@d0>) %c0_i32, %v2[%c96 to %c128 for %c32] : i32 -> %v2 as !stream.resource<*>{%c128}
    %v4 = stream.async.fill on(#hal.device.promise<@d0>) %c0_i32, %v3[%c0 to %c128 for %c128] : i32 -> %v3 as !stream.resource<*>{%c128}
    %v5 = stream.async.fill on(#hal.device.promise<@d0>) %c7_i32, %v4[%c0 to %c64 for %c64] : i32 -> %v4 as !stream.resource<*>{%c128}
    %v6 = stream.async.fill on(#hal.device.promise<@d0>) %c1234_i32, %v5[%c0 to %c32 for %c32] : i32 -> %v5 as !stream.resource<*>{%c128}
    %v7 = stream.async.transfer on(#hal.device.promise<@d1>) %v6 : !stream.resource<*>{%c128} from(#hal.device.promise<@d0>) -> to(#hal.device.optimal<[#hal.device.promise<@d1>, #hal.device.promise<@d2>]>) !stream.resource<*>{%c128}
    %v8 = stream.async.clone on(#hal.device.promise<@d0>) %v6 : !stream.resource<*>{%c128} -> !stream.resource<*>{%c128}
    %v9 = stream.async.alloca on(#hal.device.promise<@d0>) : !stream.resource<*>{%c16}
    %v10 = stream.async.alloca on(#hal.device.affinity<@d3>) : !stream.resource<*>{%c128}
    %v11 = stream.async.alloca on(#hal.device.promise<@d0>) : !stream.resource<*>{%c32}
    %v12 = stream.async.clone on(#hal.device.promise<@d0>) %v8 : !stream.resource<*>{%c128} -> !stream.resource<*>{%c128}
    %v13_recv = stream.async.alloca on(#hal.device.promise<@d0>) : !stream.resource<*>{%c512}
    %v13 = stream.async.collective<all_gather : f32>[%c32] on(#hal.device.promise<@d0>) channel(%channel_d0) %v12[%c0 to %c128 for %c128], %v13_recv[%c0 to %c512 for %c512] : !stream.resource<*>{%c128} -> %v13_recv as !stream.resource<*>{%c512}
    %v14_recv = stream.async.alloca on(#hal.device.affinity<@d3>) : !stream.resource<*>{%c128}
    %v14 = stream.async.collective<all_reduce with sum : f32>[%c32] on(#hal.device.affinity<@d3>) channel(%channel_d3) %v10[%c0 to %c128 for %c128], %v14_recv[%c0 to %c128 for %c128] : !stream.resource<*>{%c128} -> %v14_recv as !stream.resource<*>{%c128}
    %v15 = stream.async.transfer on(#hal.device.affinity<@d3>) %v11 : !stream.resource<*>{%c32} from(#hal.device.promise<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d3>, #hal.device.affinity<@d0>]>) !stream.resource<*>{%c32}
    %v16 = stream.async.splat on(#hal.device.promise<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v17 = stream.async.clone on(#hal.device.promise<@d0>) %v15 : !stream.resource<*>{%c32} -> !stream.resource<*>{%c32}
    %v18_staging = stream.async.transfer %v10 : !stream.resource<*>{%c128} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d3>) !stream.resource<staging>{%c128}
    %v18_word = stream.async.load %v18_staging[%c0] : !stream.resource<staging>{%c128} -> i32
    %v18_stored = stream.async.store %v18_word, %v18_staging[%c124] : i32 -> %v18_staging as !stream.resource<staging>{%c128}
    %v18 = stream.async.transfer %v18_stored : !stream.resource<staging>{%c128} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d3>) !stream.resource<*>{%c128}
    %v19 = stream.async.transfer on(#hal.device.promise<@d0>) %v15 : !stream.resource<*>{%c32} -> to(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d1>]>) !stream.resource<*>{%c32}
    %v20_recv = stream.async.alloca on(#hal.device.promise<@d0>) : !stream.resource<*>{%c128}
    %v20 = stream.async.collective<all_reduce with sum : f32>[%c32] on(#hal.device.promise<@d0>) channel(%channel_d0) %v12[%c0 to %c128 for %c128], %v20_recv[%c0 to %c128 for %c128] : !stream.resource<*>{%c128} -> %v20_recv as !stream.resource<*>{%c128}
    %v21 = stream.async.clone on(#hal.device.promise<@d0>) %v20 : !stream.resource<*>{%c128} -> !stream.resource<*>{%c128}
    %v22 = stream.async.splat on(#hal.device.promise<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v23 = stream.async.update on(#hal.device.promise<@d0>) %v9, %v16[%c0 to %c16] : !stream.resource<*>{%c16} -> %v16 as !stream.resource<*>{%c16}
    %v24 = stream.async.transfer on(#hal.device.promise<@d0>) %v18 : !stream.resource<*>{%c128} from(#hal.device.affinity<@d3>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
    %v25 = stream.async.update on(#hal.device.promise<@d0>) %v9, %v23[%c0 to %c16] : !stream.resource<*>{%c16} -> %v23 as !stream.resource<*>{%c16}
    %v26 = stream.async.update on(#hal.device.promise<@d0>) %v22, %v17[%c0 to %c16] : !stream.resource<*>{%c16} -> %v17 as !stream.resource<*>{%c32}
    %v27 = stream.async.splat on(#hal.device.promise<@d1>) %c1234_i32 : i32 -> !stream.resource<*>{%c32}
    %v28 = stream.async.clone on(#hal.device.promise<@d0>) %v26 : !stream.resource<*>{%c32} -> !stream.resource<*>{%c32}
    %v29 = stream.async.clone on(#hal.device.promise<@d0>) %v20 : !stream.resource<*>{%c128} -> !stream.resource<*>{%c128}
    %v30 = stream.async.transfer on(#hal.device.promise<@d0>) %v28 : !stream.resource<*>{%c32} -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c32}
    %v31 = stream.async.collective<send_recv : f32>[%c8] on(#hal.device.promise<@d1>) channel(%channel_d1) source_target_pair(%c2_i32) %v27[%c0 to %c32 for %c32], %v19[%c0 to %c32 for %c32] : !stream.resource<*>{%c32} -> %v19 as !stream.resource<*>{%c32}
    %v32 = stream.async.splat on(#hal.device.promise<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v33 = stream.async.transfer on(#hal.device.affinity<@d3>) %v31 : !stream.resource<*>{%c32} from(#hal.device.promise<@d1>) -> to(#hal.device.affinity<@d3>) !stream.resource<*>{%c32}
    %v34 = stream.async.constant on(#hal.device.promise<@d2>) : !stream.resource<*>{%c16} = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi8>
    %v35 = stream.async.alloca on(#hal.device.affinity<@d3>) : !stream.resource<*>{%c128}
    %v36 = stream.async.fill on(#hal.device.promise<@d1>) %c0_i32, %v31[%c0 to %c8 for %c8] : i32 -> %v31 as !stream.resource<*>{%c32}
    %v37 = stream.async.transfer on(#hal.device.promise<@d1>) %v34 : !stream.resource<*>{%c16} from(#hal.device.promise<@d2>) -> to(#hal.device.promise<@d1>) !stream.resource<*>{%c16}
    %v38 = stream.async.update on(#hal.device.promise<@d1>) %v37, %v36[%c16 to %c32] : !stream.resource<*>{%c16} -> %v36 as !stream.resource<*>{%c32}
    %v39 = stream.async.transfer on(#hal.device.promise<@d2>) %v37 : !stream.resource<*>{%c16} from(#hal.device.promise<@d1>) -> to(#hal.device.promise<@d2>) !stream.resource<*>{%c16}
    %v40 = stream.async.copy on(#hal.device.promise<@d2>) %v39[%c0 to %c8], %v34[%c0 to %c8], %c8 : !stream.resource<*>{%c16} -> %v34 as !stream.resource<*>{%c16}
    %v41 = stream.async.transfer on(#hal.device.promise<@d1>) %v39 : !stream.resource<*>{%c16} from(#hal.device.promise<@d2>) -> to(#hal.device.promise<@d1>) !stream.resource<*>{%c16}
    %v42 = stream.async.update on(#hal.device.promise<@d1>) %v41, %v37[%c0 to %c16] : !stream.resource<*>{%c16} -> %v37 as !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d1>, #hal.device.affinity<@d2>]} %v7 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v8 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v10 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v11 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v13 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v14 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v20 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v22 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v25 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v26 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v28 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v29 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v32 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v35 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v38 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v40 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v41 : !stream.resource<*>
    util.return %v6, %v9, %v12, %v15, %v18, %v21, %v24, %v27, %v30, %v33, %v39, %v42 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
  }
}

