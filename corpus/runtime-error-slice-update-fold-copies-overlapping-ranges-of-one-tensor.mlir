// stream-fuzz finding: runtime-error
// signature: runtime-error-899a5715aba4
// also-known-as: copy-overlap-5c62f06973eb
// status: open
// severity: -
// found: 2026-12-03 by benchmarks/bench_l3.py (500 L3 programs, seed 0), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// reproduce: stream-fuzz replay corpus/runtime-error-slice-update-fold-copies-overlapping-ranges-of-one-tensor.mlir
// pass: canonicalize (the one after iree-stream-layout-slices; CombineSliceUpdateFromToCopy)
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — the entry is itself a tensor program (x[2:5] = x[1:4] as extract_slice +
//   insert_slice) that fails at run time.
// triage: compiler bug, run-time failure on one device. %v2 writes elements 1-3 of %v0 into elements 2-4
//   (numpy: x[2:5] = x[1:4].copy()). Contiguous, so it becomes stream.async.slice %1 + stream.async.update
//   into %1, and CombineSliceUpdateFromToCopy (IR/StreamOpFolders.cpp) checks only that the slice is in the
//   update's block, not that its source is the update's target: it emits stream.async.copy %1[4 to 16],
//   %1[8 to 20], 12 -> %1, an overlapping copy within one resource, which StreamOps.td says copies do not
//   support. Copy-on-write cannot undo it: the copy is now %1's only user (isSafeToElideCOW counts users, not
//   uses), and where it does clone (block args) materializeTiedOpCOW gives the clone to the source too.
//   ScheduleAllocation makes stream.cmd.copy %arg1[%c4], %arg1[%c8], %c12; the HAL queue copy rejects it
//   ("source and target ranges must not overlap within the same buffer"). x[1:4] = x[2:5] fails alike,
//   disjoint x[4:7] = x[1:4] returns the right result; on a second device the copy lands in a command
//   buffer unchecked. The disjoint form is wrong data all the same (2026-12-04, L3 seed 34, kept apart as
//   wrong-result-d42b79b41c17: L3 wrong results on one device all sign wrong-result-781bf1e6b299, so it
//   cannot be an alias): the copy writes the import, the caller's own input, in place, and a function that
//   also returns x hands back the changed buffer (corpus/frontend/ of this entry's name, 3.1-3.13).
//   Not the cse identity copy (async-clobbered-read-cse-after-copy-on-write-merges-a-value-with-its-copy); same fold as witness 1 of
//   async-clobbered-read-fold-after-copy-elision-moves-read-past-write, but another missing guard (that one:
//   a tied write between slice and update; this one: the slice's source is the update's target), so its
//   own entry. Upstream (2026-08) unchanged; its lit test of the fold uses two resources. Correct: NumPy's
//   results, in the RUN line (util.optimization_barrier on %v1 gets them).
//   alias copy-overlap-5c62f06973eb (2026-12-04, an L3 campaign on 3.13, seed 1): the same fold on
//   x[4:8] = x[3:7] of an input on @d1 that an scf.if reads afterwards. Copy-on-write clones the input and
//   gives the clone to both ends of the folded copy (stream.cmd.copy %arg4[%c12], %arg4[%c16], %c16), which
//   lands in a stream.cmd.execute with other commands: the HAL does not check a command-buffer copy, and
//   local-task returns NumPy's numbers, so only the structural copy/overlap rule sees it there.
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --input=8xi32=1,2,3,4,5,6,7,8 \
// RUN:   --expected_output=8xi32=1,2,2,3,4,6,7,8

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<8xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> tensor<8xi32> {
  %v1 = tensor.extract_slice %v0[1] [3] [1] : tensor<8xi32> to tensor<3xi32>
  %v2 = tensor.insert_slice %v1 into %v0[2] [3] [1] : tensor<3xi32> into tensor<8xi32>
  return %v2 : tensor<8xi32>
}
