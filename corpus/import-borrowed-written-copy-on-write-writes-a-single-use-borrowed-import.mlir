// stream-fuzz finding: violation: import/borrowed-written
// signature: import-borrowed-written-1f8636b722b8
// status: open
// severity: data
// found: 2026-12-04 by the fast tier's flat-programs property test (fill of an import), shrunk by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/import-borrowed-written-copy-on-write-writes-a-single-use-borrowed-import.mlir
// pass: iree-stream-materialize-copy-on-write
// upstream: #16168 (closed by PR #22844; its 2026-09-05 comment reports this remainder on a matmul)
// reachability: frontend — func.func @main(%lhs, %rhs, %acc: tensor<2x2xf32>) returning
//   linalg.matmul ins(%lhs, %rhs) outs(%acc): the dispatch writes %acc's import in place, and the caller's
//   buffer reads back [101 102 103 104] where it passed 100s (iree.runtime, tests/l3/test_inputs.py); with
//   {iree.abi.consume} on %acc the same write is the program's right.
// triage: compiler bug, wrong data (Stream/Transforms/MaterializeCopyOnWrite.cpp, isSafeToElideCOW): an
//   operand with a single user is "contained entirely within the current region" and gets no clone, also
//   when it is a stream.tensor.import without `consume`, i.e. the caller's buffer. IREE's contract for
//   such imports (#22844, ElideAsyncCopies.cpp containsBorrowedStorage): "local SSA last-use or one-use
//   information does not prove that mutating the underlying storage is legal", and its lit test
//   elide_async_copies_tensor_import_consume.mlir @borrowed_import_single_use_preserves_mutating_clone
//   keeps exactly this clone; copy-on-write never makes it, so ElideAsyncCopies has nothing to keep.
//   One pass: `iree-opt --iree-stream-materialize-copy-on-write` on the input below leaves the fill tied
//   to %in on 3.5, 3.11, 3.12 and 3.13. Correct: a clone of %in before the fill (the write goes to new
//   storage); the export hands out the filled copy and the caller's buffer keeps its contents.
// what was found:
//   [import/borrowed-written] (data) %0 is written (fill:w) by an execute, but its storage %0 is a borrowed import (no `consume`): the caller's buffer
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

util.global private @d0 : !hal.device
util.func public @main(%h: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %in = stream.tensor.import on(#hal.device.affinity<@d0>) %h : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{%c16}
  %w = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %in[%c0 to %c8 for %c8] : i32 -> %in as !stream.resource<external>{%c16}
  %v = stream.tensor.export on(#hal.device.affinity<@d0>) %w : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %v : !hal.buffer_view
}

// The correct output: the execute that captures the caller's buffer does not fill it: the fill goes to
// new storage (a copy of %in, as the pipeline prints this program with a stream.async.clone of %in before
// the fill). On 3.13 that execute fills the import itself.
// CHECK-LABEL: util.func public @main
// CHECK: %[[IN:.+]] = stream.tensor.import
// CHECK: stream.cmd.execute {{.*}}with(%[[IN]] as %[[A:[a-z0-9_]+]]:
// CHECK-NOT: stream.cmd.fill {{.*}}, %[[A]][
// CHECK: } => !stream.timepoint
