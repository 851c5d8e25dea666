// What the campaign of seed=39 wrote for its worker 1 on 2026-12-05, unshrunk (found, not cut down):
// the generator's own program, reported NEW (wrong-result-d42b79b41c17) before wrong results were told
// apart by their program (stream_fuzz/judge/program_facts.py).
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task --device=local-task --device=local-task \
// RUN:   --function=main \
// RUN:   --input=2x4xf32=-2,-3,-4,-3,3,-2,-1,4 \
// RUN:   --input=2x4xf32=2,-4,2,-1,-4,4,-4,4 \
// RUN:   --input=2x4xi32=-3,-4,3,1,-1,1,3,-3 \
// RUN:   --expected_output=2x4xi32=1,1,1,1,1,1,1,1 \
// RUN:   --expected_output=2x4xi32=2,3,-4,-2,0,-2,-4,2 \
// RUN:   --expected_output=2x4xi32=-3,-4,3,1,-1,1,3,-3

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d2 = #hal.device.target<"local", {ordinal = 2 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<2x4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %v1: tensor<2x4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %a2: tensor<?x4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<2x4xi32> {iree.abi.affinity = #hal.device.affinity<@d2>}, tensor<2x4xi32> {iree.abi.affinity = #hal.device.affinity<@d2>}, tensor<2x4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) {
  %a2_c0 = arith.constant 0 : index
  %a2_dim = tensor.dim %a2, %a2_c0 : tensor<?x4xi32>
  %a2_away = flow.tensor.transfer %a2 : tensor<?x4xi32>{%a2_dim} to #hal.device.affinity<@d2>
  %a2_back = flow.tensor.transfer %a2_away : tensor<?x4xi32>{%a2_dim} to #hal.device.affinity<@d0>
  %v2 = tensor.cast %a2_back : tensor<?x4xi32> to tensor<2x4xi32>
  %v3 = flow.tensor.transfer %v2 : tensor<2x4xi32> to #hal.device.affinity<@d2>
  %v4 = arith.constant dense<-1> : tensor<2x4xi32>
  %v5 = scf.execute_region -> tensor<2x4xi32> {
    %v5_first = arith.subi %v3, %v4 : tensor<2x4xi32>
    %v5_r = arith.muli %v5_first, %v4 : tensor<2x4xi32>
    scf.yield %v5_r : tensor<2x4xi32>
  }
  %v6 = arith.constant dense_resource<blob_v6> : tensor<2x4xi32>
  %v7_lb = arith.constant 0 : index
  %v7_ub = arith.constant 2 : index
  %v7_step = arith.constant 1 : index
  %v7 = scf.for %v7_i = %v7_lb to %v7_ub step %v7_step iter_args(%v7_acc = %v4) -> (tensor<2x4xi32>) {
    %v7_r = arith.addi %v7_acc, %v6 : tensor<2x4xi32>
    scf.yield %v7_r : tensor<2x4xi32>
  }
  return %v7, %v5, %v2 : tensor<2x4xi32>, tensor<2x4xi32>, tensor<2x4xi32>
}

{-#
  dialect_resources: {
    builtin: {
      blob_v6: "0x040000000100000001000000010000000100000001000000010000000100000001000000"
    }
  }
#-}
