// The 3.13 campaign's program of lifetime-before-alloca-525130c18825 (seed 37, L1), as the campaign drew it.
module attributes {stream.resources = #stream.resource_config<{max_allocation_size = 268435456, min_buffer_offset_alignment = 64, max_buffer_range = 16777216, min_buffer_range_alignment = 64, index_bits = 32, alias_mutable_bindings = true, memory_model = Discrete}>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @main(%cond: i1) -> (!hal.buffer_view, !hal.buffer_view, !stream.resource<*>, !stream.resource<*>) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c124 = arith.constant 124 : index
    %c128 = arith.constant 128 : index
    %c1234_i32 = arith.constant 1234 : i32
    %v1 = stream.async.splat on(#hal.device.affinity<@d2>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d2>) -> to(#hal.device.affinity<@d2>) !stream.resource<external>{%c16}
    %out0 = stream.tensor.export on(#hal.device.affinity<@d2>) %v2 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
    %v3 = stream.async.splat on(#hal.device.affinity<@d2>) %c0_i32 : i32 -> !stream.resource<*>{%c128}
    %v23 = scf.for %i23 = %c0 to %c3 step %c1 iter_args(%v4 = %v3) -> (!stream.resource<*>) {
      %v5 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@entry1(%v3[%c0 to %c128 for %c128]) : (!stream.resource<*>{%c128}) -> (!stream.resource<*>{%c32})
      %v6 = arith.select %cond, %v3, %v4 : !stream.resource<*>
      %v7 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
      %v8 = stream.async.transfer %v7 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d2>]>) !stream.resource<*>{%c16}
      %v9 = stream.async.clone on(#hal.device.affinity<@d2>) %v1 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
      %v10, %v11 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@entry2(%v6[%c0 to %c128 for %c128]) : (!stream.resource<*>{%c128}) -> (%v6{%c128}, !stream.resource<*>{%c32})
      %v12_staging = stream.async.transfer %v4 : !stream.resource<*>{%c128} from(#hal.device.affinity<@d2>) -> to(#hal.device.affinity<@d2>) !stream.resource<staging>{%c128}
      %v12_word = stream.async.load %v12_staging[%c0] : !stream.resource<staging>{%c128} -> i32
      %v12_stored = stream.async.store %v12_word, %v12_staging[%c124] : i32 -> %v12_staging as !stream.resource<staging>{%c128}
      %v12 = stream.async.transfer %v12_stored : !stream.resource<staging>{%c128} from(#hal.device.affinity<@d2>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c128}
      %v13, %v14 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@entry3(%v11[%c0 to %c32 for %c32]) : (!stream.resource<*>{%c32}) -> (!stream.resource<*>{%c16}, !stream.resource<*>{%c16})
      %v15 = stream.async.splat on(#hal.device.affinity<@d2>) %c1234_i32 : i32 -> !stream.resource<*>{%c128}
      %v16 = arith.select %cond, %v10, %v4 : !stream.resource<*>
      %v17 = stream.async.splat on(#hal.device.affinity<@d2>) %c1234_i32 : i32 -> !stream.resource<*>{%c128}
      %v18 = stream.async.transfer %v17 : !stream.resource<*>{%c128} -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c128}
      %v19 = stream.async.clone on(#hal.device.affinity<@d2>) %v16 : !stream.resource<*>{%c128} -> !stream.resource<*>{%c128}
      %v20 = stream.async.transfer %v16 : !stream.resource<*>{%c128} -> to(#hal.device.optimal<[#hal.device.affinity<@d2>, #hal.device.affinity<@d0>]>) !stream.resource<*>{%c128}
      %v21 = arith.select %cond, %v13, %v9 : !stream.resource<*>
      %v22 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@entry4(%v21[%c0 to %c16 for %c16], %v14[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> (%v21{%c16})
      scf.yield %v19 : !stream.resource<*>
    }
    %v24 = stream.async.constant on(#hal.device.affinity<@d1>) : !stream.resource<*>{%c128} = dense<3> : tensor<128xi8>
    %v25 = stream.async.transfer %v23 : !stream.resource<*>{%c128} from(#hal.device.affinity<@d2>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c128}
    %v26 = stream.async.update on(#hal.device.affinity<@d1>) %v25, %v24[%c0 to %c128] : !stream.resource<*>{%c128} -> %v24 as !stream.resource<*>{%c128}
    %v27 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@entry5(%v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (!stream.resource<*>{%c64})
    %v28 = stream.async.constant on(#hal.device.affinity<@d2>) : !stream.resource<*>{%c16} = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi8>
    %v29 = stream.async.constant on(#hal.device.affinity<@d0>) : !stream.resource<*>{%c32} = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]> : tensor<32xi8>
    %v30 = stream.async.transfer %v26 : !stream.resource<*>{%c128} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c128}
    %v31 = arith.select %cond, %v30, %v23 : !stream.resource<*>
    %v32 = stream.async.transfer %v31 : !stream.resource<*>{%c128} from(#hal.device.affinity<@d2>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c128}
    %v33 = stream.async.constant on(#hal.device.affinity<@d1>) : !stream.resource<*>{%c32} = dense<3> : tensor<32xi8>
    %v34 = stream.async.transfer %v27 : !stream.resource<*>{%c64} from(#hal.device.affinity<@d2>) -> to(#hal.device.affinity<@d2>) !stream.resource<external>{%c64}
    %out1 = stream.tensor.export on(#hal.device.affinity<@d2>) %v34 : tensor<64xi8> in !stream.resource<external>{%c64} -> !hal.buffer_view
    %v35 = stream.async.transfer %v30 : !stream.resource<*>{%c128} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c128}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v3 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v23 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v25 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v26 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v28 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v29 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v30 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v31 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v32 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v35 : !stream.resource<*>
    util.return %out0, %out1, %v27, %v33 : !hal.buffer_view, !hal.buffer_view, !stream.resource<*>, !stream.resource<*>
  }
}
