// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: by stream-fuzz reduce from corpus/async-clobbered-read-fold-after-copy-elision-moves-read-past-write.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(canonicalize),util.func(canonicalize),util.initializer(canonicalize))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-fold-after-copy-elision-moves-read-past-write.mlir
// pass: canonicalize after iree-stream-elide-async-copies (1st)
// output: async IR, checked for clobbered reads
// reduced-from: corpus/async-clobbered-read-fold-after-copy-elision-moves-read-past-write.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 23 lines of code, to 18 in 1 s (125 candidates)
// what was found:
//   [async/clobbered-read] (data) %1#1 is read by '%4 = stream.async.copy on(#hal.device.affinity<@d1>) %1#1[%c1 to %c2], %3[%c0 to %c1], %c1 : !stream.resource<*>{%c2} -> %3 as !stream.resource<*>{%c2}' after '%2 = stream.async.copy on(#hal.device.affinity<@d1>) %0[%c1 to %c2], %1#1[%c0 to %c1], %c1 : 
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(canonicalize),util.func(canonicalize),util.initializer(canonicalize))' %s -o %t
// RUN: stream-fuzz check --no-compile --async-ir %t

module {
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i8 : i8 -> !stream.resource<*>{%c2}
    %1:2 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@entry1(%0[%c0 to %c2 for %c2], %0[%c1 to %c2 for %c1]) : (!stream.resource<*>{%c2}, !stream.resource<*>{%c2}) -> (!stream.resource<*>{%c2}, !stream.resource<*>{%c2})
    %2 = stream.async.slice on(#hal.device.affinity<@d1>) %1#1[%c1 to %c2] : !stream.resource<*>{%c2} -> !stream.resource<*>{%c1}
    %3 = stream.async.copy on(#hal.device.affinity<@d1>) %0[%c1 to %c2], %1#1[%c0 to %c1], %c1 : !stream.resource<*>{%c2} -> %1#1 as !stream.resource<*>{%c2}
    %4 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i8 : i8 -> !stream.resource<*>{%c2}
    %5 = stream.async.update on(#hal.device.affinity<@d1>) %2, %4[%c0 to %c1] : !stream.resource<*>{%c1} -> %4 as !stream.resource<*>{%c2}
    %6 = util.optimization_barrier %5 : !stream.resource<*>
    %7 = util.optimization_barrier %3 : !stream.resource<*>
    util.return
  }
}

