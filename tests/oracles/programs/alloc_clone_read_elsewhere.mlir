// PIPELINE: allocation
// WHAT: No transfer: @d0 clones a value (lowered to a stream.cmd.copy) and an execute on @d4 reads it
// directly. The compiler allocates the clone for both devices and emits no flush, which is legal here:
// only data the program *transferred* needs a flush. Found as a false alarm of an early oracle that took
// every cross-device copy for a transfer.
util.global private @d0 : !hal.device
util.global private @d4 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %v5, %v6, %t1 = stream.async.execute on(#hal.device.promise<@d0>) with() -> (!stream.resource<external>{%c16}, !stream.resource<transient>{%c16}) {
    %v1 = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
    %v4 = stream.async.concurrent with(%v1 as %v3: !stream.resource<external>{%c16}) -> (!stream.resource<transient>{%c16}) {
      %v2 = stream.async.clone %v3 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%c16}
      stream.yield %v2 : !stream.resource<transient>{%c16}
    }
    stream.yield %v1, %v4 : !stream.resource<external>{%c16}, !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %v10, %t2 = stream.async.execute on(#hal.device.affinity<@d4>) await(%t1) => with(%v5 as %v7: !stream.resource<external>{%c16}, %v6 as %v8: !stream.resource<transient>{%c16}) -> (%v5 as !stream.resource<external>{%c16}) {
    %v9 = stream.async.copy %v8[%c0 to %c16], %v7[%c0 to %c16], %c16 : !stream.resource<transient>{%c16} -> %v7 as !stream.resource<external>{%c16}
    stream.yield %v9 : !stream.resource<external>{%c16}
  } => !stream.timepoint
  %v10_ready = stream.timepoint.await %t2 => %v10 : !stream.resource<external>{%c16}
  util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d4>} %v10_ready : !stream.resource<external>
  util.return
}
