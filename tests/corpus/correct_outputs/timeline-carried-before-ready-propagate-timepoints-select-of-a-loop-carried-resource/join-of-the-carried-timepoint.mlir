// hand repair: the pinned output with the body's execute awaiting a join of its alloca's timepoint and the timepoint carried with the resource (what consumeTimepoint joining a select's operands would give); the select's other operand was awaited by the host in the loop header
module {
  util.global private @d0 : !hal.device
  stream.executable private @ex {
    stream.executable.export public @entry2 workgroups() -> (index, index, index) {
      %c1 = arith.constant 1 : index
      stream.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      func.func @entry2(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
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
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<external>{%c16}) {
      stream.cmd.fill %c128_i32, %arg1[%c0 for %c16] : i32 -> !stream.resource<external>{%c16}
    } => !stream.timepoint
    cf.br ^bb1(%c0, %result, %0 : index, !stream.resource<external>, !stream.timepoint)
  ^bb1(%1: index, %2: !stream.resource<external>, %3: !stream.timepoint):  // 2 preds: ^bb0, ^bb2
    %4 = arith.cmpi slt, %1, %c3 : index
    %5 = stream.timepoint.await %0 => %result : !stream.resource<external>{%c16}
    cf.cond_br %4, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %6 = arith.select %arg0, %5, %2 : !stream.resource<external>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c16} => !stream.timepoint
    %j = stream.timepoint.join max(%result_timepoint_1, %3) => !stream.timepoint
    %7 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%j) => with(%6 as %arg1: !stream.resource<external>{%c16}, %result_0 as %arg2: !stream.resource<external>{%c16}) {
      stream.cmd.dispatch @ex::@entry2 {
        ro %arg1[%c0 for %c16] : !stream.resource<external>{%c16},
        wo %arg2[%c0 for %c16] : !stream.resource<external>{%c16}
      }
    } => !stream.timepoint
    %8 = arith.addi %1, %c1 : index
    cf.br ^bb1(%8, %result_0, %7 : index, !stream.resource<external>, !stream.timepoint)
  ^bb3:  // pred: ^bb1
    %9 = stream.resource.size %2 : !stream.resource<external>
    %10 = util.optimization_barrier %5 : !stream.resource<external>
    %11 = stream.timepoint.await %3 => %2 : !stream.resource<external>{%9}
    util.return %11 : !stream.resource<external>
  }
}

