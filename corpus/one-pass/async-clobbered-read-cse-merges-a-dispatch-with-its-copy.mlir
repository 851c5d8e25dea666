// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: by stream-fuzz reduce from corpus/async-clobbered-read-cse-merges-a-dispatch-with-its-copy.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(cse),util.func(cse),util.initializer(cse))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-cse-merges-a-dispatch-with-its-copy.mlir
// pass: cse after canonicalize (2nd)
// output: async IR, checked for clobbered reads
// reduced-from: corpus/async-clobbered-read-cse-merges-a-dispatch-with-its-copy.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 16 lines of code, to 13 in 1 s (62 candidates)
// what was found:
//   [async/clobbered-read] (data) %0 is read by '%2 = util.optimization_barrier %0 : !stream.resource<transient>' after '%1 = stream.async.fill on(#hal.device.affinity<@d0>) %c1_i32, %0[%c0 to %c1 for %c1] : i32 -> %0 as !stream.resource<transient>{%c1}' overwrote it in place
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(cse),util.func(cse),util.initializer(cse))' %s -o %t
// RUN: stream-fuzz check --no-compile --async-ir %t

module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %0 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make() : () -> !stream.resource<transient>{%c1}
    %1 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make() : () -> !stream.resource<transient>{%c1}
    %2 = stream.async.fill on(#hal.device.affinity<@d0>) %c1_i32, %1[%c0 to %c1 for %c1] : i32 -> %1 as !stream.resource<transient>{%c1}
    %3 = util.optimization_barrier %0 : !stream.resource<transient>
    util.return
  }
}

