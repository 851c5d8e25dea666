// hand repair: the pinned pass's output with a host await of the carried timepoint at the top of the body, read by the select (what wrapExpandedBlockArgFn inserted before it stopped awaiting)
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
      %5 = stream.async.splat %c128_i32 : i32 -> !stream.resource<external>{%c16}
      stream.yield %5 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<external>{%c16}
    %1:2 = scf.for %arg1 = %c0 to %c3 step %c1 iter_args(%arg2 = %results, %arg3 = %result_timepoint) -> (!stream.resource<external>, !stream.timepoint) {
      %a = stream.timepoint.await %arg3 => %arg2 : !stream.resource<external>{%c16}
      %5 = arith.select %arg0, %0, %a : !stream.resource<external>
      %6 = stream.timepoint.immediate => !stream.timepoint
      %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@d0>) await(%6) => with(%5 as %arg4: !stream.resource<external>{%c16}) -> !stream.resource<external>{%c16} {
        %8 = stream.async.dispatch @ex::@entry2(%arg4[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<external>{%c16}
        stream.yield %8 : !stream.resource<external>{%c16}
      } => !stream.timepoint
      %7 = stream.timepoint.await %result_timepoint_1 => %results_0 : !stream.resource<external>{%c16}
      scf.yield %results_0, %result_timepoint_1 : !stream.resource<external>, !stream.timepoint
    }
    %2 = stream.resource.size %1#0 : !stream.resource<external>
    %3 = stream.timepoint.await %1#1 => %1#0 : !stream.resource<external>{%2}
    %4 = util.optimization_barrier %0 : !stream.resource<external>
    util.return %3 : !stream.resource<external>
  }
}

