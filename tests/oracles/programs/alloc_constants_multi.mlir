// PIPELINE: allocation
// WHAT: Constants and variables created in an @d0 execute: one escapes and is
// consumed on @d1 and @d2 (constants op must be usable by all three), one is
// only used locally, one variable escapes to @d1 via a tied execute result.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @constants(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@d0>) await(%await) => with() -> (!stream.resource<constant>{%c16}, !stream.resource<variable>{%c16}) {
    %k = stream.async.constant : !stream.resource<constant>{%c16} = dense<3> : tensor<4xi32>
    %l = stream.async.constant : !stream.resource<constant>{%c16} = dense<5> : tensor<4xi32>
    %v = stream.async.constant : !stream.resource<variable>{%c16} = dense<7> : tensor<4xi32>
    %d = stream.async.dispatch @ex::@mix(%l[%c0 to %c16 for %c16], %v[%c0 to %c16 for %c16]) : (!stream.resource<constant>{%c16}, !stream.resource<variable>{%c16}) -> %v{%c16}
    stream.yield %k, %d : !stream.resource<constant>{%c16}, !stream.resource<variable>{%c16}
  } => !stream.timepoint
  %o1, %t1 = stream.async.execute on(#hal.device.affinity<@d1>) await(%t) => with(%r#0 as %a: !stream.resource<constant>{%c16}, %r#1 as %v: !stream.resource<variable>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@u1(%a[%c0 to %c16 for %c16], %v[%c0 to %c16 for %c16]) : (!stream.resource<constant>{%c16}, !stream.resource<variable>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %o2, %t2 = stream.async.execute on(#hal.device.affinity<@d2>) await(%t) => with(%r#0 as %a: !stream.resource<constant>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@u2(%a[%c0 to %c16 for %c16]) : (!stream.resource<constant>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %j = stream.timepoint.join max(%t1, %t2) => !stream.timepoint
  util.return %o1, %o2, %j : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
}
