// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: by stream-fuzz reduce from corpus/async-clobbered-read-transfer-elided-while-source-is-read.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-elide-async-copies)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-transfer-elided-while-source-is-read.mlir
// pass: iree-stream-elide-async-copies after canonicalize (1st)
// output: async IR, checked for clobbered reads
// reduced-from: corpus/async-clobbered-read-transfer-elided-while-source-is-read.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 15 lines of code, to 13 in 1 s (98 candidates)
// what was found:
//   [async/clobbered-read] (data) %0 is read by '%2 = util.optimization_barrier %0 : !stream.resource<*>' after '%1 = stream.async.dispatch on(#hal.device.promise<@d1>) @ex::@entry1(%0[%c0 to %c1 for %c1], %0[%c0 to %c1 for %c1]) : (!stream.resource<*>{%c1}, !stream.resource<*>{%c1}) -> %0{%c1}' overwro
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-elide-async-copies)' %s -o %t
// RUN: stream-fuzz check --no-compile --async-ir %t

module attributes {stream.topology = #hal.device.topology<links = [(@d1 -> @d1 = {unified_memory = true}), (@d1 -> @d1 = {unified_memory = true})]>} {
  util.global private @d1 : !hal.device
  util.func public @tied_by_its_reader() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %0 = stream.async.splat on(#hal.device.promise<@d1>) %c1_i32 : i32 -> !stream.resource<*>{%c1}
    %1 = stream.async.transfer on(#hal.device.promise<@d1>) %0 : !stream.resource<*>{%c1} -> to(#hal.device.promise<@d1>) !stream.resource<*>{%c1}
    %2 = stream.async.dispatch on(#hal.device.promise<@d1>) @ex::@entry1(%1[%c0 to %c1 for %c1], %0[%c0 to %c1 for %c1]) : (!stream.resource<*>{%c1}, !stream.resource<*>{%c1}) -> %1{%c1}
    %3 = util.optimization_barrier %0 : !stream.resource<*>
    util.return
  }
}

