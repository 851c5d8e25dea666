// stream-fuzz finding: invalid-program
// signature: invalid-program-cace95a64161
// status: open
// found: 2026-11-30 by the generators (L1 stats run, minimized by hand)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-ipo-duplicate-result-replaced-twice.mlir
// pass: iree-util-ipo
// failure: operation's operand is unlinked
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// nondeterministic: a use-after-free: the same run gives the unlinked operand or a crash of the worker (about one run in six); replay tries 5 times
// reachability: frontend — a private func.func marked {noinline} that returns its tensor argument twice,
//   called from @main whose arith.muli reads both results: iree-compile fails with the same "operation's
//   operand is unlinked"; without noinline the inliner removes the call first and it compiles right.
// triage: compiler bug (Util: IPO.cpp applyCallChanges): a callee returning one argument twice. Result 0 is a
//   pass-through, so its uses are replaced with the call operand; result 1 is a duplicate of result 0, so its
//   uses are replaced with the old call's result 0, which is erased afterwards: a dangling operand
//   ("operation's operand is unlinked", or a use-after-free crash in a process that compiled other programs
//   first). Not stream-specific: witness 1 returns an i32. All releases 3.1-3.13. Callees of the generator
//   return one value per root (generators/builder.py).
// witnesses: 2, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o /dev/null
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

util.func private @callee(%a: i32) -> (i32, i32) {
  util.return %a, %a : i32, i32
}
util.func public @main(%x: i32) -> (i32, i32) {
  %r:2 = util.call @callee(%x) : (i32) -> (i32, i32)
  util.return %r#0, %r#1 : i32, i32
}

// -----

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func private @callee(%a: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %x = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %y = stream.async.transfer %x : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %z = stream.async.update on(#hal.device.affinity<@d0>) %y, %a[%c0 to %c16] : !stream.resource<*>{%c16} -> %a as !stream.resource<*>{%c16}
  util.return %y, %z : !stream.resource<*>, !stream.resource<*>
}
util.func public @main() {
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %v = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %r:2 = util.call @callee(%v) : (!stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>)
  util.optimization_barrier %r#0 : !stream.resource<*>
  util.optimization_barrier %r#1 : !stream.resource<*>
  util.return
}

// The correct output: every witness compiles, without "operation's operand is unlinked".
// CHECK-NOT: operation's operand is unlinked
// CHECK-NOT: error:
// CHECK-COUNT-2: util.func public @
// CHECK-NOT: error:
