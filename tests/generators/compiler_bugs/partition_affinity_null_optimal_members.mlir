// Found by generators (L1 benchmark and stats runs, minimized by hand). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: op affinity #hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]> is not
//   compatible with the partition affinity #hal.device.optimal<[<<NULL ATTRIBUTE>>, <<NULL ATTRIBUTE>>]>
// Two transfers of external resources to the same optimal target (they run on the target) share a
// partition; joining its affinities gives an optimal whose members are null (DeviceOptimalAttr::joinAND
// joins each member with the whole other set). Compiles with one such transfer, with the members in
// another order, with on(<one device>), or with `*` sources.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%h0: !hal.buffer_view, %h1: !hal.buffer_view) {
    %c16 = arith.constant 16 : index
    %v1 = stream.tensor.import on(#hal.device.affinity<@d0>) %h0 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
    %v2 = stream.tensor.import on(#hal.device.affinity<@d0>) %h1 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
    %v3 = stream.async.transfer %v1 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<*>{%c16}
    %v4 = stream.async.transfer %v2 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v3 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v4 : !stream.resource<*>
    util.return
  }
}
