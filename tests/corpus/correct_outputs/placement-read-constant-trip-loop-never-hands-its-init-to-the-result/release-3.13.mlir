// output of iree-opt 3.13.0 (the pinned iree-base-compiler) on both witnesses: the constant-trip loops' results are the bodies' allocations, placed for the readers after the loops
module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @loop_result_pulled() {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c1234_i32 = arith.constant 1234 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d2>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d2>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c1234_i32, %arg0[%c0 for %c64] : i32 -> !stream.resource<transient>{%c64}
    } => !stream.timepoint
    cf.br ^bb1(%c0, %result, %0 : index, !stream.resource<transient>, !stream.timepoint)
  ^bb1(%1: index, %2: !stream.resource<transient>, %3: !stream.timepoint):  // 2 preds: ^bb0, ^bb2
    %4 = arith.cmpi slt, %1, %c3 : index
    cf.cond_br %4, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d2>]>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %5 = stream.cmd.execute on(#hal.device.affinity<@d2>) await(%result_timepoint_1) => with(%result_0 as %arg0: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c1234_i32, %arg0[%c0 for %c64] : i32 -> !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %6 = arith.addi %1, %c1 : index
    cf.br ^bb1(%6, %result_0, %5 : index, !stream.resource<transient>, !stream.timepoint)
  ^bb3:  // pred: ^bb1
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%3) => !stream.resource<transient>{%c128} => !stream.timepoint
    %7 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_3) => with(%2 as %arg0: !stream.resource<transient>{%c64}, %result_2 as %arg1: !stream.resource<transient>{%c128}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c64 : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c128}
      stream.cmd.copy %arg1[%c0], %arg1[%c64], %c16 : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c128}
    } => !stream.timepoint
    %8 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c64}
    %9 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %8 : !stream.resource<transient>
    %10 = stream.timepoint.await %3 => %2 : !stream.resource<transient>{%c64}
    %11 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %10 : !stream.resource<transient>
    %12 = stream.timepoint.await %7 => %result_2 : !stream.resource<transient>{%c128}
    %13 = stream.resource.subview %12[%c0] : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c64}
    %14 = stream.resource.subview %12[%c64] : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c16}
    %15 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %13 : !stream.resource<transient>
    %16 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %14 : !stream.resource<transient>
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
    %c0_i64 = arith.constant 0 : i64
    %buffer_cst = util.buffer.constant : !util.buffer = "p1"
    %buffer_cst_0 = util.buffer.constant : !util.buffer = "model"
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c1234_i32 = arith.constant 1234 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.promise<@d2, [0]>) : !stream.resource<transient>{%c32} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.promise<@d2, [0]>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c32}) {
      stream.cmd.fill %c1234_i32, %arg0[%c0 for %c32] : i32 -> !stream.resource<transient>{%c32}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c32}
    %2 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %1 : !stream.resource<transient>
    %results, %result_timepoint_1 = stream.cmd.parameter.load on(#hal.device.promise<@d0>) {
      %buffer_cst_0::%buffer_cst[%c0_i64] : !stream.resource<constant>{%c16}
    } => !stream.timepoint
    cf.br ^bb1(%c0, %results, %result_timepoint_1 : index, !stream.resource<constant>, !stream.timepoint)
  ^bb1(%3: index, %4: !stream.resource<constant>, %5: !stream.timepoint):  // 2 preds: ^bb0, ^bb2
    %6 = arith.cmpi slt, %3, %c4 : index
    cf.cond_br %6, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d1, [0]>]>) : !stream.resource<constant>{%c16} => !stream.timepoint
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.promise<@d0>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %7 = stream.timepoint.join max(%result_timepoint_3, %result_timepoint_5) => !stream.timepoint
    %8 = stream.cmd.execute on(#hal.device.promise<@d0>) await(%7) => with(%result_2 as %arg0: !stream.resource<constant>{%c16}, %result_4 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c1234_i32, %arg1[%c0 for %c64] : i32 -> !stream.resource<transient>{%c64}
      stream.cmd.dispatch @ex::@entry6 {
        ro %arg1[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg0[%c0 for %c16] : !stream.resource<constant>{%c16}
      }
    } => !stream.timepoint
    %9 = stream.resource.dealloca on(#hal.device.promise<@d0>) await(%8) => %result_4 : !stream.resource<transient>{%c64} => !stream.timepoint
    %10 = arith.addi %3, %c1 : index
    cf.br ^bb1(%10, %result_2, %9 : index, !stream.resource<constant>, !stream.timepoint)
  ^bb3:  // pred: ^bb1
    %11 = stream.timepoint.join max(%result_timepoint_1, %5) => !stream.timepoint
    %12 = stream.cmd.execute on(#hal.device.promise<@d0>) await(%11) => with(%4 as %arg0: !stream.resource<constant>{%c16}, %results as %arg1: !stream.resource<constant>{%c16}) {
      stream.cmd.copy %arg1[%c0], %arg0[%c0], %c16 : !stream.resource<constant>{%c16} -> !stream.resource<constant>{%c16}
    } => !stream.timepoint
    %result_6, %result_timepoint_7 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d1, [0]>]>) await(%12) => !stream.resource<constant>{%c16} => !stream.timepoint
    %13 = stream.cmd.execute on(#hal.device.promise<@d1, [0]>) await(%result_timepoint_7) => with(%4 as %arg0: !stream.resource<constant>{%c16}, %result_6 as %arg1: !stream.resource<constant>{%c16}) {
      stream.cmd.invalidate from(#hal.device.promise<@d0>) %arg0[%c0 for %c16] : !stream.resource<constant>{%c16}
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<constant>{%c16} -> !stream.resource<constant>{%c16}
    } => !stream.timepoint
    %14 = stream.timepoint.await %result_timepoint_1 => %results : !stream.resource<constant>{%c16}
    %15 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %14 : !stream.resource<constant>
    %16 = stream.timepoint.await %12 => %4 : !stream.resource<constant>{%c16}
    %17 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %16 : !stream.resource<constant>
    %18 = stream.timepoint.await %13 => %result_6 : !stream.resource<constant>{%c16}
    %19 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %18 : !stream.resource<constant>
    %20 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %18 : !stream.resource<constant>
    %21 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %16 : !stream.resource<constant>
    util.return
  }
}

