// hand repair: iree-opt 3.13.0's output of this program with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.func public @main(%arg0: i1) {
    %c0 = arith.constant 0 : index
    %c0_i8 = arith.constant 0 : i8
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    cf.cond_br %arg0, ^bb1, ^bb4
  ^bb1:  // pred: ^bb0
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    cf.br ^bb2(%c0, %2 : index, !stream.resource<transient>)
  ^bb2(%3: index, %4: !stream.resource<transient>):  // 2 preds: ^bb1, ^bb3
    %5 = arith.cmpi slt, %3, %c2 : index
    cf.cond_br %5, ^bb3, ^bb4
  ^bb3:  // pred: ^bb2
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %7 = stream.timepoint.await %6 => %result_0 : !stream.resource<transient>{%c16}
    %8 = util.optimization_barrier %7 : !stream.resource<transient>
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %9 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%2 as %arg1: !stream.resource<transient>{%c16}, %8 as %arg2: !stream.resource<transient>{%c16}, %4 as %arg3: !stream.resource<transient>{%c16}, %result_2 as %arg4: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@entry1 {
        ro %arg1[%c0 for %c16] : !stream.resource<transient>{%c16},
        ro %arg2[%c0 for %c16] : !stream.resource<transient>{%c16},
        ro %arg3[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg4[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %10 = arith.addi %3, %c1 : index
    %11 = stream.timepoint.await %9 => %result_2 : !stream.resource<transient>{%c16}
    cf.br ^bb2(%10, %11 : index, !stream.resource<transient>)
  ^bb4:  // 2 preds: ^bb0, ^bb2
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.func public @main(%arg0: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    cf.cond_br %arg0, ^bb1, ^bb4
  ^bb1:  // pred: ^bb0
    %3 = stream.resource.size %2 : !stream.resource<transient>
    cf.br ^bb2(%c0, %2, %3 : index, !stream.resource<transient>, index)
  ^bb2(%4: index, %5: !stream.resource<transient>, %6: index):  // 2 preds: ^bb1, ^bb3
    %7 = arith.cmpi slt, %4, %c2 : index
    cf.cond_br %7, ^bb3, ^bb4
  ^bb3:  // pred: ^bb2
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %8 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%5 as %arg1: !stream.resource<transient>{%6}, %result_0 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c16 : !stream.resource<transient>{%6} -> !stream.resource<transient>{%c16}
      stream.cmd.fill %c0_i8, %arg2[%c0 for %c8] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %9 = stream.timepoint.await %8 => %result_0 : !stream.resource<transient>{%c16}
    %10 = util.optimization_barrier %9 : !stream.resource<transient>
    %11 = stream.resource.size %10 : !stream.resource<transient>
    %12 = arith.addi %4, %c1 : index
    cf.br ^bb2(%12, %10, %11 : index, !stream.resource<transient>, index)
  ^bb4:  // 2 preds: ^bb0, ^bb2
    %13 = util.optimization_barrier %2 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    cf.br ^bb1(%c0 : index)
  ^bb1(%3: index):  // 2 preds: ^bb0, ^bb5
    %4 = arith.cmpi slt, %3, %c2 : index
    cf.cond_br %4, ^bb2, ^bb6
  ^bb2:  // pred: ^bb1
    %5 = stream.resource.size %2 : !stream.resource<transient>
    cf.br ^bb3(%c0, %2, %5 : index, !stream.resource<transient>, index)
  ^bb3(%6: index, %7: !stream.resource<transient>, %8: index):  // 2 preds: ^bb2, ^bb4
    %9 = arith.cmpi slt, %6, %c2 : index
    cf.cond_br %9, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %10 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%7 as %arg0: !stream.resource<transient>{%8}, %result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<transient>{%8} -> !stream.resource<transient>{%c16}
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c8] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %11 = stream.timepoint.await %10 => %result_0 : !stream.resource<transient>{%c16}
    %12 = util.optimization_barrier %11 : !stream.resource<transient>
    %13 = stream.resource.size %12 : !stream.resource<transient>
    %14 = arith.addi %6, %c1 : index
    cf.br ^bb3(%14, %12, %13 : index, !stream.resource<transient>, index)
  ^bb5:  // pred: ^bb3
    %15 = arith.addi %3, %c1 : index
    cf.br ^bb1(%15 : index)
  ^bb6:  // pred: ^bb1
    %16 = util.optimization_barrier %2 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    cf.br ^bb1(%c0 : index)
  ^bb1(%3: index):  // 2 preds: ^bb0, ^bb5
    %4 = arith.cmpi slt, %3, %c2 : index
    cf.cond_br %4, ^bb2, ^bb6
  ^bb2:  // pred: ^bb1
    %5 = stream.resource.size %2 : !stream.resource<transient>
    cf.br ^bb3(%c0, %2, %5 : index, !stream.resource<transient>, index)
  ^bb3(%6: index, %7: !stream.resource<transient>, %8: index):  // 2 preds: ^bb2, ^bb4
    %9 = arith.cmpi slt, %6, %c2 : index
    cf.cond_br %9, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %10 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%7 as %arg0: !stream.resource<transient>{%8}, %result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@entry {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%8},
        wo %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %11 = stream.timepoint.await %10 => %result_0 : !stream.resource<transient>{%c16}
    %12 = util.optimization_barrier %11 : !stream.resource<transient>
    %13 = stream.cmd.execute on(#hal.device.affinity<@d0>) with(%12 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c8] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %14 = stream.timepoint.await %13 => %12 : !stream.resource<transient>{%c16}
    %15 = util.optimization_barrier %14 : !stream.resource<transient>
    %16 = stream.resource.size %15 : !stream.resource<transient>
    %17 = arith.addi %6, %c1 : index
    cf.br ^bb3(%17, %15, %16 : index, !stream.resource<transient>, index)
  ^bb5:  // pred: ^bb3
    %18 = arith.addi %3, %c1 : index
    cf.br ^bb1(%18 : index)
  ^bb6:  // pred: ^bb1
    %19 = util.optimization_barrier %2 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    cf.br ^bb1(%c0 : index)
  ^bb1(%3: index):  // 2 preds: ^bb0, ^bb5
    %4 = arith.cmpi slt, %3, %c2 : index
    cf.cond_br %4, ^bb2, ^bb6
  ^bb2:  // pred: ^bb1
    %5 = stream.resource.size %2 : !stream.resource<transient>
    cf.br ^bb3(%c0, %2, %5 : index, !stream.resource<transient>, index)
  ^bb3(%6: index, %7: !stream.resource<transient>, %8: index):  // 2 preds: ^bb2, ^bb4
    %9 = arith.cmpi slt, %6, %c2 : index
    cf.cond_br %9, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    %10 = stream.cmd.execute on(#hal.device.affinity<@d0>) with(%7 as %arg0: !stream.resource<transient>{%8}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c8] : i8 -> !stream.resource<transient>{%8}
    } => !stream.timepoint
    %11 = stream.timepoint.await %10 => %7 : !stream.resource<transient>{%c16}
    %12 = util.optimization_barrier %11 : !stream.resource<transient>
    %13 = stream.resource.size %12 : !stream.resource<transient>
    %14 = arith.addi %6, %c1 : index
    cf.br ^bb3(%14, %12, %13 : index, !stream.resource<transient>, index)
  ^bb5:  // pred: ^bb3
    %15 = arith.addi %3, %c1 : index
    cf.br ^bb1(%15 : index)
  ^bb6:  // pred: ^bb1
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %16 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%result_0 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %17 = stream.timepoint.await %16 => %result_0 : !stream.resource<transient>{%c16}
    %18 = util.optimization_barrier %17 : !stream.resource<transient>
    %19 = util.optimization_barrier %18 : !stream.resource<transient>
    util.return
  }
}

// -----
module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.func public @main(%arg0: !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %0 = stream.tensor.import on(#hal.device.promise<@d7>) %arg0 : !hal.buffer_view -> tensor<128xi8> in !stream.resource<external>{%c128}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d4>, #hal.device.promise<@d7>]>) : !stream.resource<transient>{%c128} => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.promise<@d7>) await(%result_timepoint) => with(%0 as %arg1: !stream.resource<external>{%c128}, %result as %arg2: !stream.resource<transient>{%c128}) {
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c128 : !stream.resource<external>{%c128} -> !stream.resource<transient>{%c128}
      stream.cmd.flush to(#hal.device.promise<@d0>) %arg2[%c0 for %c128] : !stream.resource<transient>{%c128}
    } => !stream.timepoint
    %2 = stream.timepoint.await %1 => %result : !stream.resource<transient>{%c128}
    %3 = util.optimization_barrier %2 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d4>]>) : !stream.resource<transient>{%c128} => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.promise<@d4>) await(%result_timepoint_1) => with(%3 as %arg1: !stream.resource<transient>{%c128}, %result_0 as %arg2: !stream.resource<transient>{%c128}) {
      stream.cmd.invalidate from(#hal.device.promise<@d0>) %arg1[%c0 for %c128] : !stream.resource<transient>{%c128}
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c128 : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c128}
    } => !stream.timepoint
    %5 = stream.timepoint.await %4 => %result_0 : !stream.resource<transient>{%c128}
    %6 = util.optimization_barrier %5 : !stream.resource<transient>
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d4>]>) : !stream.resource<transient>{%c128} => !stream.timepoint
    %7 = stream.cmd.execute on(#hal.device.promise<@d0>) await(%result_timepoint_3) => with(%6 as %arg1: !stream.resource<transient>{%c128}, %result_2 as %arg2: !stream.resource<transient>{%c128}) {
      stream.cmd.invalidate from(#hal.device.promise<@d4>) %arg1[%c0 for %c128] : !stream.resource<transient>{%c128}
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c128 : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c128}
    } => !stream.timepoint
    %8 = stream.timepoint.await %7 => %result_2 : !stream.resource<transient>{%c128}
    %9 = util.optimization_barrier %8 : !stream.resource<transient>
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.promise<@d7>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %10 = stream.cmd.execute on(#hal.device.promise<@d7>) await(%result_timepoint_5) => with(%0 as %arg1: !stream.resource<external>{%c128}, %result_4 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@entry2 {
        ro %arg1[%c0 for %c128] : !stream.resource<external>{%c128},
        wo %arg2[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    cf.br ^bb1(%c0 : index)
  ^bb1(%11: index):  // 2 preds: ^bb0, ^bb5
    %12 = arith.cmpi slt, %11, %c2 : index
    cf.cond_br %12, ^bb2, ^bb6
  ^bb2:  // pred: ^bb1
    %13 = stream.resource.size %9 : !stream.resource<transient>
    cf.br ^bb3(%c0, %9, %13 : index, !stream.resource<transient>, index)
  ^bb3(%14: index, %15: !stream.resource<transient>, %16: index):  // 2 preds: ^bb2, ^bb4
    %17 = arith.cmpi slt, %14, %c3 : index
    cf.cond_br %17, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    %result_6, %result_timepoint_7 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d4>]>) : !stream.resource<transient>{%c128} => !stream.timepoint
    %18 = stream.cmd.execute on(#hal.device.promise<@d4>) await(%result_timepoint_7) => with(%15 as %arg1: !stream.resource<transient>{%16}, %result_6 as %arg2: !stream.resource<transient>{%c128}) {
      stream.cmd.invalidate from(#hal.device.promise<@d0>) %arg1[%c0 for %c128] : !stream.resource<transient>{%16}
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c128 : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c128}
    } => !stream.timepoint
    %19 = stream.timepoint.await %18 => %result_6 : !stream.resource<transient>{%c128}
    %20 = util.optimization_barrier %19 : !stream.resource<transient>
    %result_8, %result_timepoint_9 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d4>]>) : !stream.resource<transient>{%c128} => !stream.timepoint
    %21 = stream.cmd.execute on(#hal.device.promise<@d0>) await(%result_timepoint_9) => with(%20 as %arg1: !stream.resource<transient>{%c128}, %result_8 as %arg2: !stream.resource<transient>{%c128}) {
      stream.cmd.invalidate from(#hal.device.promise<@d4>) %arg1[%c0 for %c128] : !stream.resource<transient>{%c128}
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c128 : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c128}
    } => !stream.timepoint
    %22 = stream.timepoint.await %21 => %result_8 : !stream.resource<transient>{%c128}
    %23 = util.optimization_barrier %22 : !stream.resource<transient>
    %24 = stream.resource.size %23 : !stream.resource<transient>
    %25 = arith.addi %14, %c1 : index
    cf.br ^bb3(%25, %23, %24 : index, !stream.resource<transient>, index)
  ^bb5:  // pred: ^bb3
    %26 = arith.addi %11, %c1 : index
    cf.br ^bb1(%26 : index)
  ^bb6:  // pred: ^bb1
    %27 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %9 : !stream.resource<transient>
    %28 = stream.timepoint.await %10 => %result_4 : !stream.resource<transient>{%c16}
    %29 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d7>} %28 : !stream.resource<transient>
    util.return
  }
}
