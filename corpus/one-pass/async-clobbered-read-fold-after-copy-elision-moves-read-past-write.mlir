// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: by stream-fuzz reduce from corpus/async-clobbered-read-fold-after-copy-elision-moves-read-past-write.mlir; rewritten by hand (2026-12-04) as its two witnesses' IR after the first ElideAsyncCopies
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(canonicalize),util.func(canonicalize),util.initializer(canonicalize))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-fold-after-copy-elision-moves-read-past-write.mlir
// pass: canonicalize after iree-stream-elide-async-copies (1st)
// output: async IR, checked for clobbered reads
// reduced-from: corpus/async-clobbered-read-fold-after-copy-elision-moves-read-past-write.mlir (its triage says why this is wrong)
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// triage: the input is valid: each transfer reads its source before the in-place write of it. In
//   @collapsed_chain_reads_past_write IntermediateTransferElision turns %b (a transfer of the copy %t) into a
//   transfer of %x placed after @write updated %x in place; in @round_trip_reads_past_write
//   AsyncTransferOp::fold folds the round trip %r to %c itself, so @read reads %c after the fill (both
//   IR/StreamOpFolders.cpp). Correct: nothing reads %x or %c after their in-place writes (the CHECK lines;
//   the input itself and the canonicalized input with util.optimization_barrier on %t and %ct pass them).
//   (Until 2026-12-04 this file held a read of bytes [1,2) after a write of [0,1) of one value: correct.)
//
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(canonicalize))' %s | FileCheck %s

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @collapsed_chain_reads_past_write() {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %v0 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %x = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@write(%v0[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %v0{%c16}
  %t = stream.async.transfer %x : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %w = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@write(%x[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %x{%c16}
  %b = stream.async.transfer %t : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c16}
  util.optimization_barrier %w : !stream.resource<*>
  util.optimization_barrier %b : !stream.resource<*>
  util.return
}
util.func public @round_trip_reads_past_write() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %c = stream.async.constant on(#hal.device.affinity<@d1>) : !stream.resource<*>{%c16} = dense<[1, 2, 3, 4]> : tensor<4xi32>
  %ct = stream.async.transfer %c : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %f = stream.async.fill on(#hal.device.affinity<@d1>) %c7_i32, %c[%c8 to %c16 for %c8] : i32 -> %c as !stream.resource<*>{%c16}
  %r = stream.async.transfer %ct : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %u = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@read(%r[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %f : !stream.resource<*>
  util.optimization_barrier %u : !stream.resource<*>
  util.return
}

// CHECK-LABEL: util.func public @collapsed_chain_reads_past_write
// CHECK:       %[[X:.+]] = stream.async.dispatch {{.*}}@ex::@write(
// CHECK:       stream.async.dispatch {{.*}}@ex::@write(%[[X]][
// CHECK-NOT:   %[[X]] :
// CHECK-NOT:   %[[X]][
// CHECK-LABEL: util.func public @round_trip_reads_past_write
// CHECK:       %[[C:.+]] = stream.async.constant
// CHECK:       stream.async.fill {{.*}}%[[C]][
// CHECK-NOT:   %[[C]] :
// CHECK-NOT:   %[[C]][
// CHECK:       util.return
