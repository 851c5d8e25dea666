// hand repair: iree-opt 3.13.0's output of this program with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @loop(%arg0: index) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c1_i32 = arith.constant 1 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<external>{%c16}) {
      stream.cmd.fill %c1_i32, %arg1[%c0 for %c16] : i32 -> !stream.resource<external>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<external>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<external>
    %3 = stream.resource.size %2 : !stream.resource<external>
    cf.br ^bb1(%c0, %2, %3 : index, !stream.resource<external>, index)
  ^bb1(%4: index, %5: !stream.resource<external>, %6: index):  // 2 preds: ^bb0, ^bb2
    %7 = arith.cmpi slt, %4, %arg0 : index
    cf.cond_br %7, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %8 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%5 as %arg1: !stream.resource<external>{%6}, %result_0 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@fa {
        ro %arg1[%c0 for %c16] : !stream.resource<external>{%6},
        wo %arg2[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %9 = stream.timepoint.await %8 => %result_0 : !stream.resource<transient>{%c16}
    %10 = util.optimization_barrier %9 : !stream.resource<transient>
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %11 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%10 as %arg1: !stream.resource<transient>{%c16}, %result_2 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d1>) %arg2[%c0 for %c16] : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %12 = stream.timepoint.await %11 => %result_2 : !stream.resource<transient>{%c16}
    %13 = util.optimization_barrier %12 : !stream.resource<transient>
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %14 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_5) => with(%13 as %arg1: !stream.resource<transient>{%c16}, %result_4 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@fb {
        ro %arg1[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg2[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %15 = stream.timepoint.await %14 => %result_4 : !stream.resource<transient>{%c16}
    %16 = util.optimization_barrier %15 : !stream.resource<transient>
    %result_6, %result_timepoint_7 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]>) : !stream.resource<external>{%c16} => !stream.timepoint
    %17 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_7) => with(%16 as %arg1: !stream.resource<transient>{%c16}, %result_6 as %arg2: !stream.resource<external>{%c16}) {
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<external>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d0>) %arg2[%c0 for %c16] : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %18 = stream.timepoint.await %17 => %result_6 : !stream.resource<external>{%c16}
    %19 = util.optimization_barrier %18 : !stream.resource<external>
    %20 = stream.resource.size %19 : !stream.resource<external>
    %21 = arith.addi %4, %c1 : index
    cf.br ^bb1(%21, %19, %20 : index, !stream.resource<external>, index)
  ^bb3:  // pred: ^bb1
    %22 = util.optimization_barrier %5 : !stream.resource<external>
    %23 = stream.tensor.export on(#hal.device.affinity<@d0>) %22 : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %23 : !hal.buffer_view
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<external>{%c16} => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_1) => with(%2 as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<external>{%c16}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg1[%c0 for %c16] : !stream.resource<external>{%c16}
      }
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result_0 : !stream.resource<external>{%c16}
    %5 = util.optimization_barrier %4 : !stream.resource<external>
    %6 = util.optimization_barrier %5 : !stream.resource<external>
    %7 = stream.tensor.export on(#hal.device.affinity<@d1>) %6 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
    cf.br ^bb1(%c0, %5 : index, !stream.resource<external>)
  ^bb1(%8: index, %9: !stream.resource<external>):  // 2 preds: ^bb0, ^bb2
    %10 = arith.cmpi slt, %8, %c2 : index
    cf.cond_br %10, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %11 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%result_2 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %12 = stream.timepoint.await %11 => %result_2 : !stream.resource<transient>{%c16}
    %13 = util.optimization_barrier %12 : !stream.resource<transient>
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<external>{%c16} => !stream.timepoint
    %14 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_5) => with(%13 as %arg0: !stream.resource<transient>{%c16}, %result_4 as %arg1: !stream.resource<external>{%c16}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<external>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d1>) %arg1[%c0 for %c16] : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %15 = stream.timepoint.await %14 => %result_4 : !stream.resource<external>{%c16}
    %16 = util.optimization_barrier %15 : !stream.resource<external>
    %17 = arith.addi %8, %c1 : index
    cf.br ^bb1(%17, %16 : index, !stream.resource<external>)
  ^bb3:  // pred: ^bb1
    %18 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %9 : !stream.resource<external>
    util.return %7 : !hal.buffer_view
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.func public @main() -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c16} => !stream.timepoint
    %3 = stream.cmd.execute await(%result_timepoint_1) => with(%2 as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<external>{%c16}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<external>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d0>) %arg1[%c0 for %c16] : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result_0 : !stream.resource<external>{%c16}
    %5 = util.optimization_barrier %4 : !stream.resource<external>
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%result_2 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %7 = stream.timepoint.await %6 => %result_2 : !stream.resource<transient>{%c16}
    %8 = util.optimization_barrier %7 : !stream.resource<transient>
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %9 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_5) => with(%result_4 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %10 = stream.timepoint.await %9 => %result_4 : !stream.resource<transient>{%c16}
    %11 = util.optimization_barrier %10 : !stream.resource<transient>
    %result_6, %result_timepoint_7 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %12 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_7) => with(%result_6 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %13 = stream.timepoint.await %12 => %result_6 : !stream.resource<transient>{%c16}
    %14 = util.optimization_barrier %13 : !stream.resource<transient>
    %result_8, %result_timepoint_9 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %15 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_9) => with(%result_8 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %16 = stream.timepoint.await %15 => %result_8 : !stream.resource<transient>{%c16}
    %17 = util.optimization_barrier %16 : !stream.resource<transient>
    %result_10, %result_timepoint_11 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %18 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_11) => with(%result_10 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %19 = stream.timepoint.await %18 => %result_10 : !stream.resource<transient>{%c16}
    %20 = util.optimization_barrier %19 : !stream.resource<transient>
    %result_12, %result_timepoint_13 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %21 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_13) => with(%result_12 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %22 = stream.timepoint.await %21 => %result_12 : !stream.resource<transient>{%c16}
    %23 = util.optimization_barrier %22 : !stream.resource<transient>
    %result_14, %result_timepoint_15 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %24 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_15) => with(%result_14 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %25 = stream.timepoint.await %24 => %result_14 : !stream.resource<transient>{%c16}
    %26 = util.optimization_barrier %25 : !stream.resource<transient>
    %27 = util.optimization_barrier %4 : !stream.resource<external>
    %28 = util.optimization_barrier %5 : !stream.resource<external>
    %29 = stream.tensor.export on(#hal.device.affinity<@d0>) %28 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
    cf.br ^bb1(%c0, %27 : index, !stream.resource<external>)
  ^bb1(%30: index, %31: !stream.resource<external>):  // 2 preds: ^bb0, ^bb2
    %32 = arith.cmpi slt, %30, %c3 : index
    cf.cond_br %32, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %result_16, %result_timepoint_17 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c16} => !stream.timepoint
    %33 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_17) => with(%result_16 as %arg0: !stream.resource<external>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<external>{%c16}
    } => !stream.timepoint
    %34 = stream.timepoint.await %33 => %result_16 : !stream.resource<external>{%c16}
    %35 = util.optimization_barrier %34 : !stream.resource<external>
    %36 = arith.addi %30, %c1 : index
    cf.br ^bb1(%36, %35 : index, !stream.resource<external>)
  ^bb3:  // pred: ^bb1
    %37 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %2 : !stream.resource<transient>
    %38 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %5 : !stream.resource<external>
    %39 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %8 : !stream.resource<transient>
    %40 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %11 : !stream.resource<transient>
    %41 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %14 : !stream.resource<transient>
    %42 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %17 : !stream.resource<transient>
    %43 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %20 : !stream.resource<transient>
    %44 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %23 : !stream.resource<transient>
    %45 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %26 : !stream.resource<transient>
    %46 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %27 : !stream.resource<external>
    %47 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %31 : !stream.resource<external>
    %48 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %31 : !stream.resource<external>
    util.return %29 : !hal.buffer_view
  }
}
