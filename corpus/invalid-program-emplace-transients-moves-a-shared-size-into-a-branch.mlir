// stream-fuzz finding: invalid-program
// signature: invalid-program-d52419aa1da1
// also-known-as: invalid-program-9d5985c58936
// status: open
// severity: -
// found: 2026-12-05 by hand, from the triage of invalid-program-d52419aa1da1 (L3 campaign)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// releases: has the bug 3.12-3.13; correct 3.10; cannot express 3.1-3.8; another failure 3.9, 3.11 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/invalid-program-emplace-transients-moves-a-shared-size-into-a-branch.mlir
// pass: iree-stream-emplace-transients
// failure: does not dominate this use
// reachability: frontend — the entry is itself a tensor program compiled by iree-compile.
// triage: compiler bug, in the experimental external-transients support (PR #22625, 3.9+): a valid program
//   is rejected, "operand #1 does not dominate this use" after iree-stream-emplace-transients. Before the
//   pass (3.13) the only transient allocas are in the scf.if's else (the @d1 copy of %x and the addi's
//   result); the first one's size is `%c8 = arith.constant 8 : index`, defined in @main's body and also
//   the size of the import of %x above the scf.if. In EmplaceTransients.cpp, processTransientResource
//   asks findDominantInsertionPoint for the tightest point dominating all allocas: the first alloca, inside
//   the else. computeSizeSliceInRegion finds %c8 defined in an ancestor region and "treats it as captured";
//   hoistSizesConservatively then uses it as the slot's size directly. processTransientResource pushes the
//   defining op of every slot size (and of the storage size and storage) into opsToHoist and calls
//   `op->moveBefore(insertionPointOp)` on each, unconditionally: nothing checks that the op already
//   dominates the insertion point, so the shared constant moves DOWN into the else region, below the import
//   (and the then-branch) that use it. The campaign's program (same signature, "operand #0
//   does not dominate this use" at a stream.resource.alloca) is the same move in one block: a size constant
//   used by an earlier alloca moved below it. Correct: the program compiles; with x[0] <= 0 it doubles %x on @d1
//   and brings it back (-5,7 gives -10,14), else returns %x. The RUN lines pass the storage as stream-fuzz's judge passes a
//   `!hal.buffer_view` transients argument (a plain i8 literal filled with 0xA5). Fix hint: move only an op
//   that does not already dominate the insertion point (or clone it there). No upstream issue found
//   (2026-12-05). Releases: 3.10 compiles it and gives -10,14; 3.9 and 3.11 reject it too, but later and
//   otherwise (invalid-program-aa50238563ad: "'vm.cond_fail' op status is 0; expected to not be OK", in
//   iree-vm-conversion, at the "failed to wait on timepoint" check StreamToHAL's TimepointAwaitOpPattern
//   emits); the releases line counts it as another failure (its "failure:" words are absent). Rightly: the repaired
//   program (tests/corpus/repaired/) is rejected the same way on 3.9 and 3.11 and compiles on 3.10 and
//   3.12-3.13, and on 3.11 iree-stream-emplace-transients moves nothing in this witness (its output
//   verifies); whether the move exists there is not shown. 3.1-3.8 have no such pass. The campaign's invalid-program-9d5985c58936 (three devices,
//   results on two) shows the same move after the multi-storage path of
//   placement-write-transients-storage-imported-for-the-result-device ("multiple unique storage buffers
//   not supported", then a moved hal.buffer.length: "operand #1 does not dominate this use" at a storage
//   import). Its own signature (its first error is the multi-storage one) is listed as this entry's alias:
//   the multi-storage error alone does not fail the pass (that entry's triage), the move makes it fatal;
//   unlisted, a seed-39 campaign (2026-12-05) reported it NEW 34 times. Storage: 1024 bytes (the repair's 16-byte transients need more than 128).
//   `--mlir-print-ir-after` names the pass (dumps to %t.dumps, for reading), so 3.1-3.8 cannot express it.
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb --mlir-print-ir-after=iree-stream-emplace-transients \
// RUN:   --mlir-print-ir-tree-dir=%t.dumps
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task --device=local-task \
// RUN:   --function=main \
// RUN:   --input=2xi32=-5,7 --input=1024xi8=-91 \
// RUN:   --expected_output=2xi32=-10,14

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%x: tensor<2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %transients: !hal.buffer_view {iree.abi.transients}) -> (tensor<2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %x0 = tensor.extract %x[%c0] : tensor<2xi32>
  %p = arith.cmpi sgt, %x0, %zero : i32
  %r = scf.if %p -> (tensor<2xi32>) {
    scf.yield %x : tensor<2xi32>
  } else {
    %a = flow.tensor.transfer %x : tensor<2xi32> to #hal.device.affinity<@d1>
    %n = arith.addi %a, %a : tensor<2xi32>
    %b = flow.tensor.transfer %n : tensor<2xi32> to #hal.device.affinity<@d0>
    scf.yield %b : tensor<2xi32>
  }
  return %r : tensor<2xi32>
}
