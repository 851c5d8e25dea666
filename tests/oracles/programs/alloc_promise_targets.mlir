// PIPELINE: allocation
// WHAT: The seed's shape with promise affinities (as frontends write them): @dev3 transfers to
// promise<@dev1>, promise<@dev2> and affinity<@dev0> in one wave; the @dev0 result is marked with
// fuzz.expect, the others reach no consumer but their allocas must still include their devices.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.global private @dev2 : !hal.device
util.global private @dev3 : !hal.device
util.func public @main(%arg0: !stream.resource<external>, %size: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:4, %t = stream.async.execute on(#hal.device.affinity<@dev3>) with(%arg0 as %a: !stream.resource<external>{%size}) -> (!stream.resource<transient>{%size}, !stream.resource<transient>{%size}, !stream.resource<transient>{%size}, !stream.resource<transient>{%size}) {
    %d = stream.async.dispatch @ex::@f[%c1, %c1, %c1](%a[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> !stream.resource<transient>{%size}
    %w:3 = stream.async.concurrent with(%d as %dd: !stream.resource<transient>{%size}) -> (!stream.resource<transient>{%size}, !stream.resource<transient>{%size}, !stream.resource<transient>{%size}) {
      %x0 = stream.async.transfer %dd : !stream.resource<transient>{%size} -> to(#hal.device.affinity<@dev0>) !stream.resource<transient>{%size}
      %x1 = stream.async.transfer %dd : !stream.resource<transient>{%size} -> to(#hal.device.promise<@dev1>) !stream.resource<transient>{%size}
      %x2 = stream.async.transfer %dd : !stream.resource<transient>{%size} -> to(#hal.device.promise<@dev2>) !stream.resource<transient>{%size}
      stream.yield %x0, %x1, %x2 : !stream.resource<transient>{%size}, !stream.resource<transient>{%size}, !stream.resource<transient>{%size}
    }
    stream.yield %d, %w#0, %w#1, %w#2 : !stream.resource<transient>{%size}, !stream.resource<transient>{%size}, !stream.resource<transient>{%size}, !stream.resource<transient>{%size}
  } => !stream.timepoint
  %r0, %t0 = stream.async.execute on(#hal.device.affinity<@dev0>) await(%t) => with(%r#1 as %b: !stream.resource<transient>{%size}) -> !stream.resource<external>{%size} {
    %e = stream.async.dispatch @ex::@g[%c1, %c1, %c1](%b[%c0 to %size for %size]) : (!stream.resource<transient>{%size}) -> !stream.resource<external>{%size}
    stream.yield %e : !stream.resource<external>{%size}
  } => !stream.timepoint
  util.optimization_barrier {fuzz.expect = #hal.device.affinity<@dev0>} %r0 : !stream.resource<external>
  util.return
}
