// output of iree-opt 3.7.0 (this file's RUN line; 3.1.0 prints the same): cse keeps both @make dispatches (not yet pure ops in 3.1-3.7), so the fill writes %1 in place and @f reads the other copy, %0.
module {
  util.global private @d0 : !hal.device
  util.func public @main() -> (!stream.resource<transient>, !stream.resource<transient>) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c7_i32 = arith.constant 7 : i32
    %0 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make() : () -> !stream.resource<transient>{%c16}
    %1 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make() : () -> !stream.resource<transient>{%c16}
    %2 = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %1[%c0 to %c8 for %c8] : i32 -> %1 as !stream.resource<transient>{%c16}
    %3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%0[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    util.return %2, %3 : !stream.resource<transient>, !stream.resource<transient>
  }
}

