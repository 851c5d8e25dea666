// hand repair: the 3.13 output (@produce emplaced into %0, the update gone) with @produce moved below @read: @read reads %0 before @produce overwrites it in place. Correct: @read sees the splat, %0 then holds @produce's result as the update made it do.
module {
  util.global private @d0 : !hal.device
  util.func public @read_after_emplaced_write() {
    %c0 = arith.constant 0 : index
    %c0_0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c1}
    %2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%0[%c0_0 to %c1 for %c1]) : (!stream.resource<*>{%c1}) -> !stream.resource<*>{%c1}
    %1 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%0[%c0_0 to %c1 for %c1], %0[%c0_0 to %c1 for %c1]) : (!stream.resource<*>{%c1}, !stream.resource<*>{%c1}) -> %0{%c1}
    util.return
  }
}

