// output of iree-opt 3.9.0 --pass-pipeline='builtin.module(iree-stream-propagate-timepoints)' on the one-pass file: the loop is left alone, the body's host await feeds the yield
module {
  util.global private @d0 : !hal.device
  stream.executable private @ex {
    stream.executable.export public @entry2 workgroups() -> (index, index, index) {
      %c1 = arith.constant 1 : index
      stream.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      func.func @entry2(%arg0: !stream.binding, %arg1: !stream.binding) {
        return
      }
    }
  }
  util.func public @main(%arg0: i1) -> !stream.resource<external> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c128_i32 = arith.constant 128 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<external>{%c16} {
      %3 = stream.async.splat %c128_i32 : i32 -> !stream.resource<external>{%c16}
      stream.yield %3 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<external>{%c16}
    %1 = scf.for %arg1 = %c0 to %c3 step %c1 iter_args(%arg2 = %0) -> (!stream.resource<external>) {
      %3 = arith.select %arg0, %0, %arg2 : !stream.resource<external>
      %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@d0>) with(%3 as %arg3: !stream.resource<external>{%c16}) -> !stream.resource<external>{%c16} {
        %5 = stream.async.dispatch @ex::@entry2(%arg3[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<external>{%c16}
        stream.yield %5 : !stream.resource<external>{%c16}
      } => !stream.timepoint
      %4 = stream.timepoint.await %result_timepoint_1 => %results_0 : !stream.resource<external>{%c16}
      scf.yield %4 : !stream.resource<external>
    }
    %2 = util.optimization_barrier %0 : !stream.resource<external>
    util.return %1 : !stream.resource<external>
  }
}

