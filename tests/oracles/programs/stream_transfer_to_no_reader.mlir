// PIPELINE: stream
// WHAT: A pre-scheduled transfer from @d0 to @d1 whose result only an optimization barrier sees, never
// awaited: nothing on @d1 reads it, and the pipeline deletes the execute. No flush is owed to a device
// that reads nothing (once a false visibility/transfer alarm, reported with no op to point at).
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%in: !stream.resource<transient>, %n: index) {
    %r, %t = stream.async.execute on(#hal.device.affinity<@d0>) with(%in as %x: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
      %y = stream.async.transfer %x : !stream.resource<transient>{%n} -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%n}
      stream.yield %y : !stream.resource<transient>{%n}
    } => !stream.timepoint
    util.optimization_barrier %r : !stream.resource<transient>
    util.return
  }
}
