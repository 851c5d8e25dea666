// Seed 39's L1 program (3.13, lifetime-before-alloca-525130c18825, 101 hits in 10 min): the constant %v3,
// returned from the public function, gets external lifetime; ScheduleAllocation drops its data and leaves an
// execute with no commands awaiting its alloca, which canonicalize's ElideNoOpCmdExecuteOp elides.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.func public @main(%cond: i1) -> (!stream.resource<*>) {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v3 = stream.async.constant on(#hal.device.affinity<@d1>) : !stream.resource<*>{%c16} = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi8>
    %v4 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v11, %v12 = scf.if %cond -> (!stream.resource<*>, !stream.resource<*>) {
      %v5 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
      %v6 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
      %v7 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
      %v8 = stream.async.clone on(#hal.device.affinity<@d1>) %v3 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
      scf.yield %v8, %v7 : !stream.resource<*>, !stream.resource<*>
    } else {
      %v9 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
      %v10 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
      scf.yield %v9, %v10 : !stream.resource<*>, !stream.resource<*>
    }
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v4 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v11 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v12 : !stream.resource<*>
    util.return %v3 : !stream.resource<*>
  }
}

