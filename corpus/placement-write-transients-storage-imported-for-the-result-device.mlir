// stream-fuzz finding: violation: placement/write
// signature: placement-write-1d112eb07730
// also-known-as: placement-write-aab6eb3324ce, placement-write-b9e9b0164016, placement-write-e3f1449e993b, placement-write-51b5750e25d0, placement-flush-952b66a9a585
// status: open
// severity: placement
// found: 2026-12-05 seed=5 worker=0 (an L3 campaign, 180 s, 37 hits), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// reproduce: stream-fuzz replay corpus/placement-write-transients-storage-imported-for-the-result-device.mlir
// pass: iree-stream-emplace-transients
// symptom: transients-storage-elsewhere
// releases: has the bug 3.9-3.13; cannot express 3.1-3.8 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — the entry is itself a tensor program compiled by iree-compile (placement only:
//   local devices share host memory, so its run gives the right numbers; the FileCheck line shows the bug).
// triage: compiler bug, in the experimental external-transients support (PR #22625, 3.9+). @main takes its
//   transient storage as an `iree.abi.transients` argument; its result is on @d0, but all the transient
//   memory the program needs is written on @d1: before the pass, the copy of %x made for @d1 is an alloca
//   on(@d1) and the negf's result, which @d0 then reads, one on(#hal.device.optimal<[@d0, @d1]>).
//   ConvertTensorTransientsOp (Stream/Conversion/HALToStream/Patterns.cpp) imports the storage with the
//   execution affinity of the hal.tensor.transients op, the result's device: `stream.tensor.import
//   on(#hal.device.affinity<@d0>) %buffer ... in !stream.resource<transient>`. EmplaceTransientsPass
//   (Stream/Transforms/EmplaceTransients.cpp) then, in gatherTransientResources, walks the timeline back
//   from the stream.resource.transients op, collects every transient stream.resource.alloca it meets on
//   any device, and takes the resource's affinity from `transientsOps.front().getAffinityAttr()`;
//   processTransientResource replaces each of those allocas with a subview of that one storage. No step
//   compares an alloca's affinity with the storage's: both allocas become subviews of the @d0 import, and
//   the execute on @d1 copies into and dispatches into memory imported on @d0 (3.13's stream output:
//   `stream.cmd.execute on(#hal.device.affinity<@d1>) with(..., %1 as %arg3: !stream.resource<transient>
//   {%length})`, %1 the @d0 import; 3.9-3.11 the same). On devices that do not share memory @d1 writes @d0's
//   buffer. Not a documented limitation: Passes.td calls the pass "Experimental" and lists four limitations
//   (public functions only, no calls, simple liveness, "Only supports a single unique transient storage
//   buffer"); this program has one storage buffer. IREE's tests of the pass (emplace_transients.mlir,
//   emplace_transients_scf.mlir) use no affinity; HALToStream/test/abi_ops.mlir @tensorTransientsWithAffinity
//   has one device. No upstream issue found (2026-12-05). The aliases are the same placement, the writing
//   execute touching the storage in other ways (the signature keeps how): both found by a second 120 s L3
//   campaign (seed 5, 2026-12-05), one in a 4-device program with an scf.if, one writing the storage with
//   @d0's work for a result on @d1; replayed, both show this entry's symptom.
//   Three more from a 10-minute campaign on 3.13 (seed 39, 2026-12-05), each cut down by hand
//   (tests/corpus/transients_*.mlir) and read before and after the pass: e3f1449e993b, a copy on @d0 into
//   the storage imported for @d1 (the results' device), whose target was a transient alloca
//   on(#hal.device.optimal<[@d1, @d0]>) before the pass; 51b5750e25d0, the same with a copy and a fill in
//   one execute of @d2 (results on @d2 and @d1, so the "multiple unique storage buffers" path below);
//   placement-flush-952b66a9a585, a transient alloca on(#hal.device.optimal<[@d1, @d2]>) that @d1 reads
//   emplaced in the storage imported for @d2, so @d2's execute flushes it to @d1 (a read of an import is
//   not judged; the flush is what shows it, and the symptom counts it).
//   The same function breaks the documented limitation silently: with results on two devices each
//   hal.tensor.transients is imported on its own device (two imports of one buffer), the walk in
//   gatherTransientResources emits "multiple unique storage buffers not supported" and interrupts, but
//   nothing reads the walk's result: the function returns success, the pass goes on with the first storage
//   and iree-compile exits 0 after printing the error (3.13, @main with two negf results pinned to @d0 and
//   @d1). Fix hint: import the storage for (or check it against) the affinity of each alloca emplaced,
//   and return failure from the walk's error.
//   Correct: @d1's transients live in storage imported for @d1 (or for both devices), or stay @d1 queue
//   allocations, or the compile fails. This program allocates no transient memory for @d0 alone, and with
//   none to hold the storage import is dropped (3.13, the same program without the transfers), so an
//   import into transient memory on @d0 alone can only hold @d1's writes: the CHECK-NOT states that. It
//   accepts the storage imported on @d1 or on #hal.device.optimal<[@d0, @d1]> (the buggy output edited so,
//   checked); a fix that rejects the program fails the RUN line instead. `--mlir-print-ir-after` (written
//   to files under %t.dumps: the pass's own output, for reading) names the pass, so a release without it
//   (3.1-3.8, which ignore the attribute and whose 3.8 runtime crashes running the module with the extra
//   argument) says it cannot express the entry. The run gives the right
//   numbers (local-task devices share host memory).
//
// REQUIRES: iree-run-module
// RUN: iree-compile --compile-to=stream %s -o - --mlir-print-ir-after=iree-stream-emplace-transients \
// RUN:   --mlir-print-ir-tree-dir=%t.dumps | FileCheck %s
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task --device=local-task \
// RUN:   --function=main \
// RUN:   --input=4xf32=1,2,3,4 --input=128xi8=0 \
// RUN:   --expected_output=4xf32=-1,-2,-3,-4

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%x: tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %transients: !hal.buffer_view {iree.abi.transients}) -> (tensor<4xf32>) {
  %a = flow.tensor.transfer %x : tensor<4xf32> to #hal.device.affinity<@d1>
  %n = arith.negf %a : tensor<4xf32>
  %b = flow.tensor.transfer %n : tensor<4xf32> to #hal.device.affinity<@d0>
  return %b : tensor<4xf32>
}

// The transient storage @d1's execute writes is not imported on @d0 alone (buggy: `%1 = stream.tensor.import
// on(#hal.device.affinity<@d0>) %buffer : !hal.buffer -> tensor<?xi8>{%length} in
// !stream.resource<transient>{%length}`, %buffer the transients argument's, captured and written by
// `stream.cmd.execute on(#hal.device.affinity<@d1>)`); the only import into transient memory is the storage's.
// CHECK-LABEL: util.func public @main(
// CHECK-NOT: stream.tensor.import on(#hal.device.affinity<@d0>) {{.*}} in !stream.resource<transient>
// CHECK: util.return
