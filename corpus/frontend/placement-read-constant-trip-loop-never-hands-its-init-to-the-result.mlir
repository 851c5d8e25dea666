// stream-fuzz finding: violation: placement/read
// signature: placement-read-63c553131eed
// status: not-a-bug
// severity: placement
// found: 2026-12-04 seed=1 worker=0 (an L3 campaign on 3.11)
// compiler: 3.11.0rc20260316 @ e4a3b0405d7d23554da26403658d0e8c3c5ecf25 (subprocess)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: no
// releases: has the bug 3.1-3.2; correct 3.11-3.13; another failure 3.3-3.10 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/frontend/placement-read-constant-trip-loop-never-hands-its-init-to-the-result.mlir
// pass: iree-stream-schedule-allocation
// triage: not a bug on 3.12-3.13 (an oracle false alarm, fixed 2026-12-04): the stream entry of this name,
//   reached from a tensor program. A constant init of an scf.for from 0 to 3 whose body moves it to @d2 and
//   on to @d3; the loop result is moved to @d1 and sliced. In the stream-phase IR the loop is blocks whose
//   header tests 0 < 3 on entry, so the @d3 and @d1 executes after the loop read the body's allocation,
//   optimal<[@d1, @d2, @d3]>, never the init's (@d2 alone, read only by the body's execute on @d2). The
//   oracle used to join the two at the header and report the init as read on @d3. The run returns NumPy's
//   numbers. 3.11 also pushed from @d3 into an @d1-only allocation (a placement/write), which 3.12's
//   PlaceTransferExecutions removed: fixed, no entry (the run on local-task devices is right on 3.11 too).
//   The releases line's "has the bug 3.1-3.2" and "another failure 3.3-3.10" are those releases' own
//   failures to compile or run this program right, not this false alarm: not investigated here. Kept so the
//   false alarm stays quiet: replay must say passes.
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task --device=local-task --device=local-task --device=local-task \
// RUN:   --function=main \
// RUN:   --input=4x4xi32=-2,1,-4,-4,-1,-3,-4,2,1,-3,-4,-1,-3,-2,3,3 \
// RUN:   --expected_output=4x4xi32=1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 \
// RUN:   --expected_output=4x2xi32=1,1,1,1,1,1,1,1

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d2 = #hal.device.target<"local", {ordinal = 2 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d3 = #hal.device.target<"local", {ordinal = 3 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<4x4xi32> {iree.abi.affinity = #hal.device.affinity<@d1>}) -> (tensor<4x4xi32>, tensor<4x2xi32> {iree.abi.affinity = #hal.device.affinity<@d2>}) {
  %v1 = arith.constant dense<1> : tensor<4x4xi32>
  %v2 = arith.constant dense<-1> : tensor<4x4xi32>
  %v3_lb = arith.constant 0 : index
  %v3_ub = arith.constant 3 : index
  %v3_step = arith.constant 1 : index
  %v3 = scf.for %v3_i = %v3_lb to %v3_ub step %v3_step iter_args(%v3_acc = %v1) -> (tensor<4x4xi32>) {
    %v3_there = flow.tensor.transfer %v3_acc : tensor<4x4xi32> to #hal.device.affinity<@d2>
    %v3_r = arith.maxsi %v3_there, %v2 : tensor<4x4xi32>
    %v3_back = flow.tensor.transfer %v3_r : tensor<4x4xi32> to #hal.device.affinity<@d3>
    scf.yield %v3_back : tensor<4x4xi32>
  }
  %v4 = tensor.extract_slice %v3[0, 0] [4, 2] [1, 1] : tensor<4x4xi32> to tensor<4x2xi32>
  %v5 = flow.tensor.transfer %v3 : tensor<4x4xi32> to #hal.device.affinity<@d1>
  %v6 = tensor.insert_slice %v5 into %v0[0, 0] [4, 4] [1, 1] : tensor<4x4xi32> into tensor<4x4xi32>
  return %v6, %v4 : tensor<4x4xi32>, tensor<4x2xi32>
}
