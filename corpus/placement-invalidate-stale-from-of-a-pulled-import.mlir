// stream-fuzz finding: violation: placement/invalidate
// signature: placement-invalidate-128fb4ccb946
// status: not-a-bug
// severity: visibility
// found: 2026-12-04 seed=1 worker=0 (L3 campaigns on 3.13, 3 of 4 runs), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// releases: has the bug 3.5-3.8; correct 3.9-3.13; another failure 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/placement-invalidate-stale-from-of-a-pulled-import.mlir
// pass: iree-stream-elide-async-copies (the from() it leaves comes from iree-stream-conversion)
// triage: not a bug (an oracle false alarm, fixed): an input imported on @d1 is moved to @d1 (the campaign's
//   program: to @d0 and back, which the flow canonicalizer folds into one transfer), updated in place there
//   and returned on @d0. The export pins the tied chain back to the transfer's result
//   (Stream/Analysis/Affinity.cpp populatePinnedAffinities walks defining ops through tied results;
//   upstream's annotate_affinities.mlir @long_tied_chain_pinned_bottom is that design), so ConvertToStream
//   (Conversion/PatternUtils.cpp transferTensorOperands, tryLookupResourceAffinity) gives the @d1 consumers a
//   stream.async.transfer from(@d0). ElideAsyncCopies then drops the clone of the import before it, and the
//   pull reads the @d1 import with stream.cmd.invalidate from(@d0): a device that never writes it. The
//   invalidate is redundant (StreamToHAL CmdInvalidateOpPattern erases it anyway), no memory is misplaced
//   (the result is allocated on optimal<[@d0, @d1]>) and the run returns NumPy's numbers. The rule now
//   exempts an import, like an alloca, that no execute on the named device writes in a function without
//   calls. Kept so the false alarm stays quiet: replay must say `passes`. (The stale from() also costs a
//   second 16-byte copy through a transient: a missed optimisation, not a placement fault.) The releases
//   line's "has the bug 3.5-3.8" is another, fixed bug: those releases elide both copies and run the
//   dispatch with the import bound ro and rw at once, writing the caller's input in place, and return
//   1,2,4,3; 3.9 and later copy first. 3.1-3.4 reject the program ("failed to legalize operation
//   'stream.executable'").
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task --device=local-task \
// RUN:   --function=main \
// RUN:   --input=4xi32=1,-2,3,3 \
// RUN:   --expected_output=4xi32=1,2,-4,3

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d1>}) -> (tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) {
  %v2 = flow.tensor.transfer %v0 : tensor<4xi32> to #hal.device.affinity<@d1>
  %v3 = arith.addi %v2, %v0 : tensor<4xi32>
  %v4 = tensor.extract_slice %v3[0] [2] [1] : tensor<4xi32> to tensor<2xi32>
  %v5 = tensor.insert_slice %v4 into %v2[1] [2] [1] : tensor<2xi32> into tensor<4xi32>
  return %v5 : tensor<4xi32>
}
