// stream-fuzz finding: timeout
// signature: timeout-54500d7644cc
// status: open
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// reproduce: stream-fuzz replay corpus/timeout-54500d7644cc.mlir
// what was found:
//   [killed after 10 s]
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

// A pre-scheduled execute whose transfer to its own device produces a staging resource:
// iree-stream-refine-usage never returns (3.11 and 3.13; 3.1 rejects it with a diagnostic instead).
util.global private @d0 : !hal.device
util.func public @f() -> !stream.resource<staging> {
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<staging>{%c16} {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c16}
    %y = stream.async.transfer %s : !stream.resource<transient>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c16}
    stream.yield %y : !stream.resource<staging>{%c16}
  } => !stream.timepoint
  %ready = stream.timepoint.await %t => %r : !stream.resource<staging>{%c16}
  util.return %ready : !stream.resource<staging>
}

// The correct output:
// CHECK: util.func
