// stream-fuzz finding: invalid-program
// signature: invalid-program-7aeff656308a
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/invalid-program-cse-merges-dispatch-across-wave.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(cse),util.func(cse),util.initializer(cse))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/invalid-program-cse-merges-dispatch-across-wave.mlir
// pass: cse (on func.func, util.func, util.initializer)
// failure: used resource not listed in explicit captures
// releases: has the bug 3.8-3.13; correct 3.1-3.7 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/invalid-program-cse-merges-dispatch-across-wave.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 20 lines of code, to 16 in 1 s (27 candidates)
// what was found:
//   loc("-":9:9): error: 'stream.yield' op used resource not listed in explicit captures (or produced internally)
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(cse),util.func(cse),util.initializer(cse))' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(cse),util.func(cse),util.initializer(cse))' %s 2>&1 | FileCheck %s

module {
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c1 = arith.constant 1 : index
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d1>) with() -> (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) {
      %1 = stream.async.dispatch @ex::@f() : () -> !stream.resource<transient>{%c1}
      %2:2 = stream.async.concurrent with(%1 as %arg0: !stream.resource<transient>{%c1}) -> (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) {
        %3 = stream.async.dispatch @ex::@f() : () -> !stream.resource<transient>{%c1}
        stream.yield %arg0, %3 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
      }
      stream.yield %2#0, %2#1 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results#0 : !stream.resource<transient>
    util.return
  }
}

// CHECK-NOT: op used resource not listed in explicit captures (or produced internally)
// CHECK-NOT: error:
// CHECK: util.func
// CHECK-NOT: error:
