// Found by an L2 campaign: its schedule-allocation output nests an optimal in an optimal (does not read
// back) and has an alloca without affinity; both symptoms of DeviceOptimalAttr::joinOR (corpus entry
// bad-output-optimal-joinor-nests-members).
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() -> (!hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %c255_i32 = arith.constant 255 : i32
    %v2, %t1 = stream.async.execute on(#hal.device.promise<@d1>) with() -> (!stream.resource<transient>{%c128}) {
      %v1 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%c128}
      stream.yield %v1 : !stream.resource<transient>{%c128}
    } => !stream.timepoint
    %v10, %v11, %v12, %v13, %v14, %v15, %t3 = stream.async.execute on(#hal.device.promise<@d1>) await(%t1) => with(%v2 as %v3: !stream.resource<transient>{%c128}) -> (%v2 as !stream.resource<transient>{%c128}, !stream.resource<external>{%c128}, !stream.resource<transient>{%c128}, !stream.resource<external>{%c128}, !stream.resource<external>{%c32}, !stream.resource<external>{%c16}) {
      %v4 = stream.async.fill %c255_i32, %v3[%c0 to %c128 for %c128] : i32 -> %v3 as !stream.resource<transient>{%c128}
      %v5 = stream.async.transfer %v4 : !stream.resource<transient>{%c128} -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<external>{%c128}
      %v6 = stream.async.transfer %v5 : !stream.resource<external>{%c128} -> to(#hal.device.promise<@d1>) !stream.resource<transient>{%c128}
      %v7 = stream.async.transfer %v6 : !stream.resource<transient>{%c128} -> to(#hal.device.optimal<[#hal.device.promise<@d1>, #hal.device.promise<@d0>]>) !stream.resource<external>{%c128}
      %v8, %v9 = stream.async.dispatch @ex::@entry1(%v4[%c0 to %c128 for %c128], %v5[%c0 to %c128 for %c128]) : (!stream.resource<transient>{%c128}, !stream.resource<external>{%c128}) -> (!stream.resource<external>{%c32}, !stream.resource<external>{%c16})
      stream.yield %v4, %v5, %v6, %v7, %v8, %v9 : !stream.resource<transient>{%c128}, !stream.resource<external>{%c128}, !stream.resource<transient>{%c128}, !stream.resource<external>{%c128}, !stream.resource<external>{%c32}, !stream.resource<external>{%c16}
    } => !stream.timepoint
    %v15_ready = stream.timepoint.await %t3 => %v15 : !stream.resource<external>{%c16}
    %out0 = stream.tensor.export on(#hal.device.promise<@d1>) %v15_ready : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
    %v10_ready = stream.timepoint.await %t3 => %v10 : !stream.resource<transient>{%c128}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v10_ready : !stream.resource<transient>
    %v11_ready = stream.timepoint.await %t3 => %v11 : !stream.resource<external>{%c128}
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]} %v11_ready : !stream.resource<external>
    %v12_ready = stream.timepoint.await %t3 => %v12 : !stream.resource<transient>{%c128}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v12_ready : !stream.resource<transient>
    %v13_ready = stream.timepoint.await %t3 => %v13 : !stream.resource<external>{%c128}
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]} %v13_ready : !stream.resource<external>
    %v14_ready = stream.timepoint.await %t3 => %v14 : !stream.resource<external>{%c32}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v14_ready : !stream.resource<external>
    util.return %out0 : !hal.buffer_view
  }
}
