// Seed 38's L1 program (3.13, lifetime-before-alloca-525130c18825): after cf lowering, the host await the
// execute's await chains in sits in a block that dominates the execute's, not in the execute's own block.
module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.global private @d4 : !hal.device
  util.global private @d5 : !hal.device
  util.global private @d6 : !hal.device
  util.global private @d7 : !hal.device
  util.func public @main(%cond: i1) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c255_i32 = arith.constant 255 : i32
    %c1234_i32 = arith.constant 1234 : i32
    %v1 = stream.async.splat on(#hal.device.affinity<@d3>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
    %v2 = stream.async.splat on(#hal.device.affinity<@d3>) %c255_i32 : i32 -> !stream.resource<*>{%c32}
    %v3 = arith.select %cond, %v1, %v2 : !stream.resource<*>
    %v4 = stream.async.slice on(#hal.device.affinity<@d3>) %v1[%c0 to %c16] : !stream.resource<*>{%c32} -> !stream.resource<*>{%c16}
    %v17, %v18 = scf.if %cond -> (!stream.resource<*>, !stream.resource<*>) {
      %v5 = stream.async.dispatch on(#hal.device.affinity<@d3>) @ex::@entry1(%v1[%c0 to %c32 for %c32]) : (!stream.resource<*>{%c32}) -> (!stream.resource<*>{%c16})
      %v6 = stream.async.transfer on(#hal.device.affinity<@d0>) %v5 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
      %v7 = stream.async.transfer on(#hal.device.affinity<@d0>) %v6 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
      %v8 = stream.async.transfer on(#hal.device.affinity<@d7>) %v5 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d7>) !stream.resource<*>{%c16}
      %v9 = stream.async.splat on(#hal.device.affinity<@d3>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
      %v10 = stream.async.splat on(#hal.device.affinity<@d3>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
      scf.yield %v9, %v10 : !stream.resource<*>, !stream.resource<*>
    } else {
      %v11 = arith.select %cond, %v2, %v1 : !stream.resource<*>
      %v12 = stream.async.splat on(#hal.device.affinity<@d3>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
      %v13 = arith.select %cond, %v4, %v12 : !stream.resource<*>
      %v14 = stream.async.splat on(#hal.device.affinity<@d5>) %c1234_i32 : i32 -> !stream.resource<*>{%c64}
      %v15 = stream.async.transfer on(#hal.device.affinity<@d0>) %v14 : !stream.resource<*>{%c64} from(#hal.device.affinity<@d5>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c64}
      %v16 = stream.async.splat on(#hal.device.affinity<@d3>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
      scf.yield %v11, %v16 : !stream.resource<*>, !stream.resource<*>
    }
    %v19 = stream.async.clone on(#hal.device.affinity<@d3>) %v3 : !stream.resource<*>{%c32} -> !stream.resource<*>{%c32}
    %v20 = stream.async.splat on(#hal.device.affinity<@d3>) %c255_i32 : i32 -> !stream.resource<*>{%c16}
    %v21 = arith.select %cond, %v4, %v20 : !stream.resource<*>
    %v22 = stream.async.slice on(#hal.device.affinity<@d3>) %v4[%c0 to %c8] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
    %v34, %v35 = scf.if %cond -> (!stream.resource<*>, !stream.resource<*>) {
      %v23 = stream.async.dispatch on(#hal.device.affinity<@d3>) @ex::@entry2(%v19[%c0 to %c32 for %c32]) : (!stream.resource<*>{%c32}) -> (!stream.resource<*>{%c16})
      %v24 = stream.async.transfer on(#hal.device.affinity<@d0>) %v23 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
      %v25 = stream.async.transfer on(#hal.device.affinity<@d0>) %v24 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
      %v26 = stream.async.transfer on(#hal.device.affinity<@d7>) %v23 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d7>) !stream.resource<*>{%c16}
      %v27 = stream.async.splat on(#hal.device.affinity<@d3>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
      scf.yield %v23, %v27 : !stream.resource<*>, !stream.resource<*>
    } else {
      %v28 = arith.select %cond, %v20, %v4 : !stream.resource<*>
      %v29 = stream.async.splat on(#hal.device.affinity<@d3>) %c0_i32 : i32 -> !stream.resource<*>{%c8}
      %v30 = arith.select %cond, %v22, %v29 : !stream.resource<*>
      %v31 = stream.async.splat on(#hal.device.affinity<@d5>) %c1234_i32 : i32 -> !stream.resource<*>{%c64}
      %v32 = stream.async.transfer on(#hal.device.affinity<@d0>) %v31 : !stream.resource<*>{%c64} from(#hal.device.affinity<@d5>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c64}
      %v33 = stream.async.splat on(#hal.device.affinity<@d3>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
      scf.yield %v28, %v33 : !stream.resource<*>, !stream.resource<*>
    }
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v3 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v4 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v17 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v18 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v19 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v20 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v21 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v22 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v34 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v35 : !stream.resource<*>
    util.return
  }
}

// The correct output:
// CHECK: util.func
