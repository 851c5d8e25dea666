// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-7a2e0b6e5439
// status: open
// severity: data
// found: 2026-12-02 seed=102 worker=1 (the campaign's program, shrunk by hand to this one)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-copy-on-write-skips-async-store.mlir
// pass: iree-stream-materialize-copy-on-write
// symptom: async-store-write
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: tensor.insert of a constant into a computed tensor still read after
//   (runs right) and of a runtime i32 into a constant tensor still read after (stream IR only checked): both
//   become stream.async.fill after a copy-on-write clone; no stream.async.store came out of a tensor program.
// triage: compiler bug, wrong data (Stream/Transforms/MaterializeCopyOnWrite.cpp, materializeRegionCOW).
//   stream.async.store is tied: it writes its staging target in place (AsyncStoreOp::
//   getTiedResultOperandIndex is the target), so while another op still reads the target, copy-on-write
//   must copy it first, as it does for fill, update, copy, collective and dispatch. materializeRegionCOW's
//   TypeSwitch lists those and not AsyncStoreOp, so the store writes %st itself and the load after it
//   reads the 1 where %st holds 7: the run returns 1 1 1 1 for the splat of %w (result[0] FAILED). In the
//   campaign's program CSE had merged two identical transfers into staging, each then stored into: executes
//   read the other store's word. Frontends reach it through stream.tensor.store of a tensor still used
//   (EncodeHostTensors makes it an async.store). The copy cannot be a stream.async.clone (its verifier
//   refuses staging resources); a staging-to-staging stream.async.transfer written by hand does not help
//   either: canonicalize folds it away before copy-on-write runs (run: still 1 1 1 1). Repaired: the same
//   compiler with the load written above the store (the same program: %st is a value) returns both
//   results right, on 3.1, 3.11, 3.12 and 3.13. Correct: the load reads 7 (a copy of %st before the store, or
//   the load before it); the results in the RUN line.
//
// REQUIRES: iree-run-module
// RUN: iree-compile --compile-from=flow %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb --device=local-task --function=main \
// RUN:   --expected_output=4xi32=7,7,7,7 \
// RUN:   --expected_output=4xi32=1,7,7,7

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.func public @main() -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %c7_i32 = arith.constant 7 : i32
  %a = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
  %st = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c16}
  %s1 = stream.async.store %c1_i32, %st[%c0] : i32 -> %st as !stream.resource<staging>{%c16}
  %w = stream.async.load %st[%c0] : !stream.resource<staging>{%c16} -> i32
  %ws = stream.async.splat on(#hal.device.affinity<@d0>) %w : i32 -> !stream.resource<*>{%c16}
  %we = stream.async.transfer %ws : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %se = stream.async.transfer %s1 : !stream.resource<staging>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %wv = stream.tensor.export on(#hal.device.affinity<@d0>) %we : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %sv = stream.tensor.export on(#hal.device.affinity<@d0>) %se : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %wv, %sv : !hal.buffer_view, !hal.buffer_view
}

// The correct output: %w loads word 0 of %st, which holds 7 (the store makes a new value %s1 = 1 7 7 7).
// On 3.13 %w is 1.
