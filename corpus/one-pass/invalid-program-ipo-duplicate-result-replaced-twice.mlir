// stream-fuzz finding: invalid-program
// signature: invalid-program-cace95a64161
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/invalid-program-ipo-duplicate-result-replaced-twice.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-util-ipo)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/invalid-program-ipo-duplicate-result-replaced-twice.mlir
// pass: iree-util-ipo
// failure: operation's operand is unlinked
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/invalid-program-ipo-duplicate-result-replaced-twice.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 9 lines of code, to 9 in 4 s (2 candidates)
// what was found:
//   loc("-":7:5): error: operation's operand is unlinked
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-util-ipo)' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(iree-util-ipo)' %s 2>&1 | FileCheck %s

module {
  util.func private @callee(%arg0: i32) -> (i32, i32) {
    util.return %arg0, %arg0 : i32, i32
  }
  util.func public @main(%arg0: i32) -> (i32, i32) {
    %0:2 = util.call @callee(%arg0) : (i32) -> (i32, i32)
    util.return %0#0, %0#1 : i32, i32
  }
}

// CHECK-NOT: operation's operand is unlinked
// CHECK-NOT: error:
// CHECK: util.func
// CHECK-NOT: error:
