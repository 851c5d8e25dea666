// hand repair: iree-opt 3.13.0's output of this input with @g declared above @main (where a function and a global stand in the module does not change what the program does)
module {
  util.global private @g : !stream.resource<constant>
  util.global private @g__size : index
  util.initializer {
    %cst = stream.tensor.constant on(#hal.device.affinity<@d0>) : tensor<2xi32> in !stream.resource<constant> = dense<[2, 3]> : tensor<2xi32>
    %0 = stream.resource.size %cst : !stream.resource<constant>
    util.global.store %cst, @g : !stream.resource<constant>
    util.global.store %0, @g__size : index
    util.return
  }
  util.func public @main() -> !hal.buffer_view {
    %g = util.global.load @g : !stream.resource<constant>
    %g__size = util.global.load @g__size : index
    %0 = stream.async.transfer %g : !stream.resource<constant>{%g__size} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%g__size}
    %1 = stream.async.cast on(#hal.device.affinity<@d0>) %0 : !stream.resource<*>{%g__size} -> !stream.resource<external>{%g__size}
    %2 = stream.tensor.export on(#hal.device.affinity<@d0>) %1 : tensor<2xi32> in !stream.resource<external>{%g__size} -> !hal.buffer_view
    util.return %2 : !hal.buffer_view
  }
}
