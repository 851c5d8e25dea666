// hand repair: the 3.13 output (the two @make dispatches merged into %0) with @f moved above the fill: @f reads %0 before the fill overwrites it in place. Correct: @f sees @make's values, the fill's result is the other returned value.
module {
  util.global private @d0 : !hal.device
  util.func public @main() -> (!stream.resource<transient>, !stream.resource<transient>) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c7_i32 = arith.constant 7 : i32
    %0 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make() : () -> !stream.resource<transient>{%c16}
    %2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%0[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    %1 = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %0[%c0 to %c8 for %c8] : i32 -> %0 as !stream.resource<transient>{%c16}
    util.return %1, %2 : !stream.resource<transient>, !stream.resource<transient>
  }
}

