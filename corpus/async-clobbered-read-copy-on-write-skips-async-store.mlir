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
// releases: 3.1, 3.4, 3.11, 3.12, 3.13
// triage: compiler bug, wrong data (MaterializeCopyOnWrite.cpp, materializeRegionCOW). stream.async.store is
//   tied: it writes its staging target in place (AsyncStoreOp::getTiedResultOperandIndex is the target), so
//   while another op still reads the target, copy-on-write must clone it first, as it does for fill, update,
//   copy, collective and dispatch. materializeRegionCOW's TypeSwitch lists those and not AsyncStoreOp, so the
//   store writes %st itself: the load after it reads 1 where %st holds 7 (the compiled host code stores,
//   then loads, the same staging buffer). In the campaign's program CSE had merged two identical transfers
//   into staging, each then stored into: executes read the other store's word. Frontends reach it through
//   stream.tensor.store of a tensor still used (EncodeHostTensors makes it an async.store). Correct: a copy
//   of %st before the store, or the load reading before it. The copy cannot be a stream.async.clone (its
//   verifier refuses staging resources, perhaps why stores were left out); a staging-to-staging
//   stream.async.transfer serves, and with one inserted by hand the RUN lines pass (checked 2026-12-02).
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --mlir-print-ir-before=iree-stream-verify-lowering-to-async %s -o /dev/null 2> %t
// RUN: stream-fuzz check --no-compile --async-ir %t

util.global private @d0 : !hal.device
util.func public @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %c7_i32 = arith.constant 7 : i32
  %a = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
  %st = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c16}
  %s1 = stream.async.store %c1_i32, %st[%c0] : i32 -> %st as !stream.resource<staging>{%c16}
  %w = stream.async.load %st[%c0] : !stream.resource<staging>{%c16} -> i32
  util.optimization_barrier %s1 : !stream.resource<staging>
  util.return %w : i32
}

// The correct output: in the async IR before iree-stream-verify-lowering-to-async no value is read after an op
// overwrote it in place (the RUN lines check it: stream-fuzz's async/clobbered-read rule, the
// invariant copy-on-write establishes).
