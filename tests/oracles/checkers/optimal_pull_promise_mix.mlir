// An L2 campaign's program (seed 34): an execute on promise<@d1> transfers an import to
// optimal<[affinity<@d0>, affinity<@d1>]>; schedule-allocation leaves the result's alloca without an affinity.
module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%h0: !hal.buffer_view) {
    %c128 = arith.constant 128 : index
    %v1 = stream.tensor.import on(#hal.device.promise<@d1>) %h0 : !hal.buffer_view -> tensor<128xi8> in !stream.resource<external>{%c128}
    %v4, %t1 = stream.async.execute on(#hal.device.promise<@d1>) with(%v1 as %v3: !stream.resource<external>{%c128}) -> (!stream.resource<external>{%c128}) {
      %v2 = stream.async.transfer %v3 : !stream.resource<external>{%c128} -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<external>{%c128}
      stream.yield %v2 : !stream.resource<external>{%c128}
    } => !stream.timepoint
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v1 : !stream.resource<external>
    %v4_ready = stream.timepoint.await %t1 => %v4 : !stream.resource<external>{%c128}
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]} %v4_ready : !stream.resource<external>
    util.return
  }
}
