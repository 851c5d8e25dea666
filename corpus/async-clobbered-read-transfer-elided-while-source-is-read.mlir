// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-b60cdc190332
// also-known-as: async-clobbered-read-9161f629fc86, wave-race-040950243855
// status: open
// severity: data, race
// found: 2026-12-01 by stream-fuzz run (L1 campaigns, seeds 23 and 37)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-transfer-elided-while-source-is-read.mlir
// pass: iree-stream-elide-async-copies
// releases: 3.11, 3.12, 3.13 (3.1, 3.4 without a topology)
// triage: compiler bug, wrong data (ElideAsyncCopies, Transforms/ElideAsyncCopies.cpp
//   isSafeToElideTransferOp: its "same-type transfers are always safe to elide" branch). A transfer it takes
//   for a no-op (to the device its source lives on, or over a unified_memory link) is elided even when its
//   result is then written in place and the source is still read afterwards. Witness 1: %v2 = transfer %v1 on
//   @d0, and @entry1 writes %v2 in place while also reading %v1; after the elision @entry1 writes %v1 itself,
//   and the program's last read of %v1 (its barrier) sees @entry1's output instead of the 1234 splat. Copy-
//   on-write had nothing to copy: %v2 had one use. Witness 2 adds a second elision: the branch first asks
//   isLastUser(%v1, %t), filling the LastUsers cache of %v1 from its users at that moment, elides %t anyway,
//   and the protecting clone %k is then judged from the stale cache and elided too; the fill writes %v1 while
//   the slice still reads it (also a wave/race). Witness 3 is the cross-device form over a unified_memory
//   link: serialized, silently wrong. With a device topology (hasUnifiedMemory of a device with itself) a no-
//   from() transfer is elidable; 3.11-3.13 (witness 1 needs transfer on(): 3.12, 3.13). A topology-free form
//   of witness 2 races on 3.1 and 3.4, where ScheduleExecution drops the same-device transfer. Correct: the
//   transfer stays a copy (or the source is not read after the write). Witness 4 is the same elision in the
//   second ElideAsyncCopies (after refine-usage): %v4, a d2-to-d0 copy of what %v1 holds, folds to a d1-to-d0
//   transfer over the unified_memory link, which is elided while %v1 is still read, and @entry1 writes it in
//   place.
// witnesses: 4, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --mlir-print-ir-before=iree-stream-verify-lowering-to-async %s -o /dev/null 2> %t
// RUN: stream-fuzz check --no-compile --async-ir %t

module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @tied_by_its_reader() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1234_i32 = arith.constant 1234 : i32
    %v1 = stream.async.splat on(#hal.device.promise<@d0>) %c1234_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.transfer on(#hal.device.promise<@d0>) %v1 : !stream.resource<*>{%c16} -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c16}
    %v3 = stream.async.dispatch on(#hal.device.promise<@d0>) @ex::@entry1(%v2[%c0 to %c16 for %c16], %v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> (%v2{%c16})
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v3 : !stream.resource<*>
    util.return
  }
}

// -----

module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true})]>} {
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @stale_last_use() {
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

// -----

module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @second_elision() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c128}
    %v2 = stream.async.transfer on(#hal.device.affinity<@d2>) %v1 : !stream.resource<*>{%c128} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c128}
    %v3 = stream.async.transfer on(#hal.device.affinity<@d2>) %v2 : !stream.resource<*>{%c128} from(#hal.device.affinity<@d2>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c128}
    %v4 = stream.async.transfer on(#hal.device.affinity<@d0>) %v3 : !stream.resource<*>{%c128} from(#hal.device.affinity<@d2>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c128}
    %v5 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry1(%v4[%c0 to %c128 for %c128]) : (!stream.resource<*>{%c128}) -> (%v4{%c128})
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v3 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v5 : !stream.resource<*>
    util.return
  }
}

// The correct output: in the async IR before iree-stream-verify-lowering-to-async no value is read after an op
// overwrote it in place (the RUN lines check it: stream-fuzz's async/clobbered-read rule, the
// invariant copy-on-write establishes).
