// output of iree-opt 3.9.0 --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' on the entry's program: the loop carries the host-awaited resource
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
    %1 = stream.timepoint.await %0 => %result : !stream.resource<external>{%c16}
    cf.br ^bb1(%c0, %1 : index, !stream.resource<external>)
  ^bb1(%2: index, %3: !stream.resource<external>):  // 2 preds: ^bb0, ^bb2
    %4 = arith.cmpi slt, %2, %c3 : index
    cf.cond_br %4, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %5 = arith.select %arg0, %1, %3 : !stream.resource<external>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c16} => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%5 as %arg1: !stream.resource<external>{%c16}, %result_0 as %arg2: !stream.resource<external>{%c16}) {
      stream.cmd.dispatch @ex::@entry2 {
        ro %arg1[%c0 for %c16] : !stream.resource<external>{%c16},
        wo %arg2[%c0 for %c16] : !stream.resource<external>{%c16}
      }
    } => !stream.timepoint
    %7 = arith.addi %2, %c1 : index
    %8 = stream.timepoint.await %6 => %result_0 : !stream.resource<external>{%c16}
    cf.br ^bb1(%7, %8 : index, !stream.resource<external>)
  ^bb3:  // pred: ^bb1
    %9 = util.optimization_barrier %1 : !stream.resource<external>
    util.return %3 : !stream.resource<external>
  }
}

