// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-8322d2072d9b
// also-known-as: async-clobbered-read-2e5d61c5a592, wave-race-040950243855
// status: open
// severity: data, race
// found: 2026-12-01 by stream-fuzz run (an L1 campaign, seed 23)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-elided-transfer-leaves-stale-last-use.mlir
// pass: iree-stream-elide-async-copies
// releases: 3.11, 3.12, 3.13 (3.1, 3.4 without a topology)
// triage: compiler bug, wrong data (ElideAsyncCopies, Transforms/ElideAsyncCopies.cpp
//   tryElideAsyncCopiesInRegion). After copy-on-write the IR is %t = transfer %v1 (same device, no from()),
//   %k = clone %v1, a fill in place on %k, and a slice of %t. isSafeToElideTransferOp asks isLastUser(%v1,
//   %t), which fills the LastUsers cache of %v1 from its current users {%t, %k}, then elides %t anyway
//   through the same-type-transfer branch and moves the slice onto %v1. The clone is then judged from the
//   stale cache: isLastUser(%v1, %k) still says yes, so it is elided too. The fill now writes %v1 in place
//   while the slice still reads it (it must see 5s, it sees 7s: the async/clobbered-read rule, first after
//   that elide-async-copies); ScheduleConcurrency also puts the fill and the slice's copy in one
//   stream.cmd.concurrent. Each elision alone is right; together they are not. The topology matters only
//   because it makes a no-from() transfer on one device elidable (hasUnifiedMemory of a device with itself).
//   3.11-3.13; a topology-free form races on 3.1 and 3.4, where ScheduleExecution drops the same-device
//   transfer. Witness 2, a cross-device form over a unified_memory link, is serialized and silently wrong on
//   3.11-3.13 (a dispatch on @d1 reads the buffer after the @d0 fill). Correct: the slice reads a copy taken
//   before the fill.
// witnesses: 2, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --mlir-print-ir-after=iree-stream-place-transfer-executions %s -o /dev/null 2> %t
// RUN: stream-fuzz check --no-compile --async-ir %t

module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true})]>} {
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @sliced() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %c5_i32 = arith.constant 5 : i32
  %c7_i32 = arith.constant 7 : i32
  %v0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v1 = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %v0[%c0 to %c4 for %c4] : i32 -> %v0 as !stream.resource<*>{%c16}
  %t = stream.async.transfer %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %w = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %v1[%c0 to %c8 for %c8] : i32 -> %v1 as !stream.resource<*>{%c16}
  %s = stream.async.slice on(#hal.device.affinity<@d0>) %t[%c0 to %c8] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
  util.optimization_barrier %w : !stream.resource<*>
  util.optimization_barrier %s : !stream.resource<*>
  util.return
}
}

// -----

module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true})]>} {
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @across_devices() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %c5_i32 = arith.constant 5 : i32
  %c7_i32 = arith.constant 7 : i32
  %v0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v1 = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %v0[%c0 to %c4 for %c4] : i32 -> %v0 as !stream.resource<*>{%c16}
  %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %v3 = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %v1[%c0 to %c8 for %c8] : i32 -> %v1 as !stream.resource<*>{%c16}
  %v4 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@f(%v2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %v3 : !stream.resource<*>
  util.optimization_barrier %v4 : !stream.resource<*>
  util.return
}
}

// The correct output: in the async IR after iree-stream-place-transfer-executions no value is
// read after an op overwrote it in place (the RUN lines check it: stream-fuzz's
// async/clobbered-read rule, the invariant copy-on-write establishes).
