// Found by generators (L1 benchmark, minimized by line deletion). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: op affinity #hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d1>]> is not
//   compatible with the partition affinity #hal.device.optimal<[<<NULL ATTRIBUTE>>, <<NULL ATTRIBUTE>>]>
// An imported value and a slice of it, both moved to optimal<[promise<@d0>, promise<@d1>]>: the
// partitioner joins the transfers' affinities into an optimal whose members are null attributes.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%h0: !hal.buffer_view) {
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %v1 = stream.tensor.import on(#hal.device.promise<@d0>) %h0 : !hal.buffer_view -> tensor<64xi8> in !stream.resource<external>{%c64}
    %v2 = stream.async.slice on(#hal.device.promise<@d0>) %v1[%c32 to %c64] : !stream.resource<external>{%c64} -> !stream.resource<external>{%c32}
    %v19 = stream.async.transfer %v2 : !stream.resource<external>{%c32} -> to(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d1>]>) !stream.resource<*>{%c32}
    %v21 = stream.async.transfer %v1 : !stream.resource<external>{%c64} -> to(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d1>]>) !stream.resource<*>{%c64}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v19 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v21 : !stream.resource<*>
    util.return
  }
}
