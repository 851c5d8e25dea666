// hand repair: written by hand, what a fixed pass makes of this input in place: @main loads the expanded resource and its size and transfers it from @g's affinity, and @g's expansion (resource and size globals, and the initializer storing the constant) stays below @main
module {
  util.func public @main() -> !hal.buffer_view {
    %g = util.global.load @g : !stream.resource<constant>
    %g__size = util.global.load @g__size : index
    %0 = stream.async.transfer %g : !stream.resource<constant>{%g__size} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%g__size}
    %1 = stream.async.cast on(#hal.device.affinity<@d0>) %0 : !stream.resource<*>{%g__size} -> !stream.resource<external>{%g__size}
    %2 = stream.tensor.export on(#hal.device.affinity<@d0>) %1 : tensor<2xi32> in !stream.resource<external>{%g__size} -> !hal.buffer_view
    util.return %2 : !hal.buffer_view
  }
  util.global private @g : !stream.resource<constant>
  util.global private @g__size : index
  util.initializer {
    %cst = stream.tensor.constant on(#hal.device.affinity<@d0>) : tensor<2xi32> in !stream.resource<constant> = dense<[2, 3]> : tensor<2xi32>
    %0 = stream.resource.size %cst : !stream.resource<constant>
    util.global.store %cst, @g : !stream.resource<constant>
    util.global.store %0, @g__size : index
    util.return
  }
}
