// stream-fuzz finding: invalid-program
// signature: invalid-program-88740463c7f2
// also-known-as: checker-verify-affinities-cb01646f9c1f
// status: open
// found: 2026-11-30 by the generators (L1 runs, minimized by Hypothesis and by hand)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-barrier-joined-to-producer-partition.mlir
// pass: iree-stream-schedule-execution
// failure: - (witnesses 1-5 print "is not compatible with the partition affinity"; witness 6 fails without a diagnostic: an execute left without a device)
// symptom: barrier-joined
// releases: has the bug 3.12-3.13; cannot express 3.1-3.11 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: a value moved to @d1, written in place there by an insert_slice, then
//   flow.tensor.barrier on @d0 and read (iree-compile rejects it, but with "failed to legalize operation
//   'stream.executable'", the message of invalid-program-dispatch-on-constants-only-gets-no-affinity, not
//   this partition error).
// triage: compiler bug (ScheduleExecution, ReferencePartitioning.cpp partitionStreamableOpsReference): a
//   stream.async.barrier is deferred as a sync op of its producer and inserted into the producer's partition
//   with no affinity check (only transfers get `hasCompatibleAffinity`, added by PR #24748). When the
//   producer runs on another device than the barrier (an in-place write on @d1, a fold that leaves a @d1
//   splat or transfer behind) the partition joins both affinities and Partition::verify rejects the barrier:
//   "op affinity ... is not compatible with the partition affinity". The witnesses reach it through different
//   folds; the failing decision is the same. Fails on every release that parses a witness (see releases), except witness 3 on 3.5. The
//   L1 generator lets a barrier result reach only its witness and pins only values an op on that device made
//   (generators/builder.py).
//   Witness 6 (2026-12-05, alias checker-verify-affinities-cb01646f9c1f, an L1 finding of 3.13 campaigns,
//   reduced by hand): the same decision without a diagnostic. The producer, processed before its deferred
//   barrier joins, is a splat on @d1 alone: its partition gets the barrier's @d0, then joinAND(@d0, @d1)
//   (DeviceAffinityAttr::joinAND: cannot execute together) returns null and no later op sets it again, so
//   Partition::verify accepts every op (areCompatible(null, x) holds) and ScheduleExecution makes a
//   `stream.async.execute` with no affinity. IREE's own iree-stream-verify-affinities accepts the input and the
//   IR before iree-stream-schedule-execution and rejects the IR after it ('stream.async.execute' op does not
//   have an affinity assigned); the final output fills the splat in a `stream.cmd.execute` on no device, and
//   @d0 is gone from the module. Not intended: every op of the input names its device (the pipeline leaves the
//   checker out for programs that name none, Passes.cpp), and a partition whose affinity did not collapse to
//   null rejects the same barrier (witnesses 1-5). On 3.1-3.12 transfers joined their producer's partition
//   the same way (v3.11.0 ReferencePartitioning.cpp: no affinity check for any sync op), so campaigns of 3.5
//   and 3.11 met cb01646f9c1f through five transfers of an import on @d4 to other devices grouped with its
//   fill on @d4 (no affinity on that execute; 3.13 compiles that program placed): the transfer half of this
//   decision that PR #24748 fixed, read in the source, not run on each release. Witness 6 alone leaves that execute without a device on 3.2-3.13 (checked on each
//   release's iree-opt; 3.1 has no stream.async.barrier); the releases line is the file's, whose other
//   witnesses need 3.12. Its symptom (barrier-joined): the partition diagnostic, or IREE's checker rejecting
//   an execute of a program with a stream.async.barrier (the checker's shape alone is any unplaced execute's).
// witnesses: 6, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o /dev/null
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c255_i32 = arith.constant 255 : i32
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.fill on(#hal.device.affinity<@d1>) %c255_i32, %v1[%c0 to %c8 for %c8] : i32 -> %v1 as !stream.resource<*>{%c16}
    %v3 = stream.async.barrier on(#hal.device.affinity<@d0>) %v2 : !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v3 : !stream.resource<*>
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
    %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c255_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@entry1(%v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c64}
    %v6 = stream.async.transfer on(#hal.device.affinity<@d1>) %v2 : !stream.resource<*>{%c64} -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c64}
    %v8 = stream.async.transfer on(#hal.device.affinity<@d2>) %v6 : !stream.resource<*>{%c64} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c64}
    %v14 = stream.async.barrier on(#hal.device.affinity<@d0>) %v8 : !stream.resource<*>{%c64}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v14 : !stream.resource<*>
    util.return
  }
}

// -----

module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c4 = arith.constant 4 : index
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c16}
    %v3 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %v4 = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i32, %v3[%c12 to %c16 for %c4] : i32 -> %v3 as !stream.resource<*>{%c16}
    %v5 = stream.async.barrier on(#hal.device.affinity<@d0>) %v4 : !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v5 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v2 : !stream.resource<*>
    util.return
  }
}

// -----

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v8 = scf.for %i8 = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
      %v7 = scf.for %i7 = %c0 to %c1 step %c1 iter_args(%v3 = %v1) -> (!stream.resource<*>) {
        %v4 = stream.async.barrier on(#hal.device.affinity<@d1>) %v3 : !stream.resource<*>{%c16}
        %v5 = stream.async.transfer on(#hal.device.affinity<@d1>) %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
        %v6 = stream.async.barrier on(#hal.device.affinity<@d0>) %v5 : !stream.resource<*>{%c16}
        scf.yield %v4 : !stream.resource<*>
      }
      scf.yield %v7 : !stream.resource<*>
    }
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v8 : !stream.resource<*>
    util.return
  }
}

// -----

module {
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @main(%cond: i1) {
    %c0_i32 = arith.constant 0 : i32
    %c7_i32 = arith.constant 7 : i32
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %v1 = scf.if %cond -> (!stream.resource<*>) {
      %a = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c64}
      scf.yield %a : !stream.resource<*>
    } else {
      %b = stream.async.splat on(#hal.device.affinity<@d1>) %c7_i32 : i32 -> !stream.resource<*>{%c64}
      scf.yield %b : !stream.resource<*>
    }
    %v2 = stream.async.splat on(#hal.device.promise<@d2>) %c7_i32 : i32 -> !stream.resource<*>{%c64}
    %v3 = stream.async.fill on(#hal.device.promise<@d2>) %c0_i32, %v2[%c0 to %c32 for %c32] : i32 -> %v2 as !stream.resource<*>{%c64}
    %v4 = stream.async.transfer %v1 : !stream.resource<*>{%c64} from(#hal.device.affinity<@d1>) -> to(#hal.device.promise<@d2>) !stream.resource<*>{%c64}
    %v5 = stream.async.splat on(#hal.device.promise<@d2>) %c7_i32 : i32 -> !stream.resource<*>{%c64}
    %v6 = stream.async.copy on(#hal.device.promise<@d2>) %v4[%c0 to %c64], %v5[%c0 to %c64], %c64 : !stream.resource<*>{%c64} -> %v5 as !stream.resource<*>{%c64}
    %v7 = stream.async.barrier on(#hal.device.promise<@d2>) %v6 : !stream.resource<*>{%c64}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v3 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v7 : !stream.resource<*>
    util.return
  }
}

// -----

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.barrier on(#hal.device.affinity<@d0>) %v1 : !stream.resource<*>{%c16}
    util.optimization_barrier %v2 : !stream.resource<*>
    util.return
  }
}

// The correct output: every witness compiles, without "is not compatible with the partition affinity", and
// every execute it makes names a device (witness 6).
// CHECK-NOT: is not compatible with the partition affinity
// CHECK-NOT: error:
// CHECK-COUNT-6: util.func public @
// CHECK-NOT: error:
// CHECK-NOT: stream.cmd.execute {{(once )?(await|with)\(}}
