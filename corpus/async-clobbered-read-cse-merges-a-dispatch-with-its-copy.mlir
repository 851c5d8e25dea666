// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-6358547cfad3
// status: open
// severity: data
// found: 2026-12-01 by the oracle's own tests (a program written to keep a copy-on-write clone)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-cse-merges-a-dispatch-with-its-copy.mlir
// pass: cse
// releases: 3.11, 3.12, 3.13
// triage: compiler bug, wrong data (the canonicalize after MaterializeCopyOnWrite, StreamOpFolders.cpp
//   PropagateCloneableOps; then the cse of the async stage's cleanup pipeline). The fill writes %a in place
//   while @f still reads %a, so copy-on-write clones %a for the fill. %a comes from an operandless dispatch,
//   which AsyncDispatchOp::preferCloneToConsumers calls "effectively a slow splat", so the canonicalize
//   replaces the clone by a second @make dispatch. stream.async.dispatch is pure, and the cse after the
//   second ElideAsyncCopies merges the two: the fill now writes %a itself and @f reads 7s where it must read
//   what @make wrote. Serialized in one execute, so no race: only the async/clobbered-read rule sees it,
//   first after that cse. 3.11-3.13; 3.1 keeps a copy, 3.4 two dispatches. Same family as
//   async-clobbered-read-late-cse-merges-a-writer-and-a-reader (a CSE after copy-on-write merges a value with its copy), with a different
//   CSE and a different copy. Correct: @f reads bytes the fill does not write (a second @make, or a copy).
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --mlir-print-ir-before=iree-stream-verify-lowering-to-async %s -o /dev/null 2> %t
// RUN: stream-fuzz check --no-compile --async-ir %t

util.global private @d0 : !hal.device
util.func public @main() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c5_i32 = arith.constant 5 : i32
  %c7_i32 = arith.constant 7 : i32
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make() : () -> !stream.resource<*>{%c16}
  %b = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %a[%c0 to %c8 for %c8] : i32 -> %a as !stream.resource<*>{%c16}
  %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %b : !stream.resource<*>
  util.optimization_barrier %d : !stream.resource<*>
  util.return
}

// The correct output: in the async IR before iree-stream-verify-lowering-to-async no value is read after an op
// overwrote it in place (the RUN lines check it: stream-fuzz's async/clobbered-read rule, the
// invariant copy-on-write establishes).
