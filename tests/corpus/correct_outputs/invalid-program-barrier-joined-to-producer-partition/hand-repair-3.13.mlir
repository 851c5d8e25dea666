// hand repair: iree-opt 3.13.0's output of this program with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c255_i32 = arith.constant 255 : i32
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %3 = stream.cmd.execute on(#hal.device.affinity<@d1>) with(%2 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c255_i32, %arg0[%c0 for %c8] : i32 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %2 : !stream.resource<transient>{%c16}
    %5 = util.optimization_barrier %4 : !stream.resource<transient>
    %6 = util.optimization_barrier %5 : !stream.resource<transient>
    %7 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %6 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c255_i32 = arith.constant 255 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c255_i32, %arg0[%c0 for %c16] : i32 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d2>]>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_1) => with(%2 as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.dispatch @ex::@entry1 {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg1[%c0 for %c64] : !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result_0 : !stream.resource<transient>{%c64}
    %5 = util.optimization_barrier %4 : !stream.resource<transient>
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>, #hal.device.affinity<@d2>]>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_3) => with(%5 as %arg0: !stream.resource<transient>{%c64}, %result_2 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c64 : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c64}
      stream.cmd.flush to(#hal.device.affinity<@d2>) %arg1[%c0 for %c64] : !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %7 = stream.timepoint.await %6 => %result_2 : !stream.resource<transient>{%c64}
    %8 = util.optimization_barrier %7 : !stream.resource<transient>
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d2>, #hal.device.affinity<@d0>]>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %9 = stream.cmd.execute on(#hal.device.affinity<@d2>) await(%result_timepoint_5) => with(%8 as %arg0: !stream.resource<transient>{%c64}, %result_4 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c64 : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c64}
      stream.cmd.flush to(#hal.device.affinity<@d0>) %arg1[%c0 for %c64] : !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %10 = stream.timepoint.await %9 => %result_4 : !stream.resource<transient>{%c64}
    %11 = util.optimization_barrier %10 : !stream.resource<transient>
    %12 = util.optimization_barrier %11 : !stream.resource<transient>
    %13 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %12 : !stream.resource<transient>
    util.return
  }
}

// -----
module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>, #hal.device.affinity<@d2>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d2>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_1) => with(%2 as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d2>) %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result_0 : !stream.resource<transient>{%c16}
    %5 = util.optimization_barrier %4 : !stream.resource<transient>
    %6 = util.optimization_barrier %2 : !stream.resource<transient>
    %7 = stream.cmd.execute on(#hal.device.affinity<@d0>) with(%6 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c12 for %c4] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %8 = stream.timepoint.await %7 => %6 : !stream.resource<transient>{%c16}
    %9 = util.optimization_barrier %8 : !stream.resource<transient>
    %10 = util.optimization_barrier %9 : !stream.resource<transient>
    %11 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %10 : !stream.resource<transient>
    %12 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %2 : !stream.resource<transient>
    %13 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %5 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    cf.br ^bb1(%c0, %2 : index, !stream.resource<transient>)
  ^bb1(%3: index, %4: !stream.resource<transient>):  // 2 preds: ^bb0, ^bb2
    %5 = arith.cmpi slt, %3, %c2 : index
    cf.cond_br %5, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %6 = util.optimization_barrier %2 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %7 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_1) => with(%2 as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d0>) %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %8 = stream.timepoint.await %7 => %result_0 : !stream.resource<transient>{%c16}
    %9 = util.optimization_barrier %8 : !stream.resource<transient>
    %10 = util.optimization_barrier %9 : !stream.resource<transient>
    %11 = arith.addi %3, %c1 : index
    cf.br ^bb1(%11, %6 : index, !stream.resource<transient>)
  ^bb3:  // pred: ^bb1
    %12 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %2 : !stream.resource<transient>
    %13 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %4 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @main(%arg0: i1) {
    %c0 = arith.constant 0 : index
    %c0_i8 = arith.constant 0 : i8
    %c7_i32 = arith.constant 7 : i32
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.promise<@d2>]>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c64] : i8 -> !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c64}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %3 = stream.resource.size %2 : !stream.resource<transient>
    cf.br ^bb3(%2, %3 : !stream.resource<transient>, index)
  ^bb2:  // pred: ^bb0
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.promise<@d2>]>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_1) => with(%result_0 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c7_i32, %arg1[%c0 for %c64] : i32 -> !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %5 = stream.timepoint.await %4 => %result_0 : !stream.resource<transient>{%c64}
    %6 = util.optimization_barrier %5 : !stream.resource<transient>
    %7 = stream.resource.size %6 : !stream.resource<transient>
    cf.br ^bb3(%6, %7 : !stream.resource<transient>, index)
  ^bb3(%8: !stream.resource<transient>, %9: index):  // 2 preds: ^bb1, ^bb2
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.promise<@d2>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %10 = stream.cmd.execute on(#hal.device.promise<@d2>) await(%result_timepoint_3) => with(%result_2 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c7_i32, %arg1[%c0 for %c64] : i32 -> !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %11 = stream.timepoint.await %10 => %result_2 : !stream.resource<transient>{%c64}
    %12 = util.optimization_barrier %11 : !stream.resource<transient>
    %13 = stream.cmd.execute on(#hal.device.promise<@d2>) with(%12 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c32] : i8 -> !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %14 = stream.timepoint.await %13 => %12 : !stream.resource<transient>{%c64}
    %15 = util.optimization_barrier %14 : !stream.resource<transient>
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.promise<@d2>]>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %16 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_5) => with(%8 as %arg1: !stream.resource<transient>{%9}, %result_4 as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c64 : !stream.resource<transient>{%9} -> !stream.resource<transient>{%c64}
      stream.cmd.flush to(#hal.device.promise<@d2>) %arg2[%c0 for %c64] : !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %17 = stream.timepoint.await %16 => %result_4 : !stream.resource<transient>{%c64}
    %18 = util.optimization_barrier %17 : !stream.resource<transient>
    %result_6, %result_timepoint_7 = stream.resource.alloca uninitialized on(#hal.device.promise<@d2>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %19 = stream.cmd.execute on(#hal.device.promise<@d2>) await(%result_timepoint_7) => with(%result_6 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c7_i32, %arg1[%c0 for %c64] : i32 -> !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %20 = stream.timepoint.await %19 => %result_6 : !stream.resource<transient>{%c64}
    %21 = util.optimization_barrier %20 : !stream.resource<transient>
    %22 = stream.cmd.execute on(#hal.device.promise<@d2>) with(%21 as %arg1: !stream.resource<transient>{%c64}, %18 as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.copy %arg2[%c0], %arg1[%c0], %c64 : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %23 = stream.timepoint.await %22 => %21 : !stream.resource<transient>{%c64}
    %24 = util.optimization_barrier %23 : !stream.resource<transient>
    %25 = util.optimization_barrier %24 : !stream.resource<transient>
    %26 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %15 : !stream.resource<transient>
    %27 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %25 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %3 = util.optimization_barrier %2 : !stream.resource<transient>
    util.return
  }
}
