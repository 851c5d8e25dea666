// What the campaign of seed=38 wrote for its worker 1 on 2026-12-05, unshrunk (found, not cut down):
// the generator's own program, reported NEW (wrong-result-d42b79b41c17) before wrong results were told
// apart by their program (stream_fuzz/judge/program_facts.py).
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task --device=local-task --device=local-task --device=local-task \
// RUN:   --function=main \
// RUN:   --input=8xi32=-4,3,-4,2,-1,-4,1,-4 \
// RUN:   --input=4x4xi32=2,1,1,2,-2,3,1,-2,-3,-4,-1,-4,1,2,2,-1 \
// RUN:   --input=8xf32=1,-3,-2,-1,2,2,2,4 \
// RUN:   '--input=&0xi8' \
// RUN:   --expected_output=2x4xi32=0,0,0,0,0,0,0,0

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d2 = #hal.device.target<"local", {ordinal = 2 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d3 = #hal.device.target<"local", {ordinal = 3 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<8xi32> {iree.abi.affinity = #hal.device.affinity<@d3>}, %v1: tensor<4x4xi32> {iree.abi.affinity = #hal.device.affinity<@d3>}, %v2: tensor<8xf32> {iree.abi.affinity = #hal.device.affinity<@d2>}, %transients: !hal.buffer {iree.abi.transients}) -> (tensor<2x4xi32> {iree.abi.affinity = #hal.device.affinity<@d3>}) {
  %v3 = arith.constant dense<-2> : tensor<2x4xi32>
  %v4 = arith.constant dense_resource<blob_v4> : tensor<2x4xi32>
  %v5_lb = arith.constant 0 : index
  %v5_ub = arith.constant 2 : index
  %v5_step = arith.constant 1 : index
  %v5 = scf.for %v5_i = %v5_lb to %v5_ub step %v5_step iter_args(%v5_acc = %v3) -> (tensor<2x4xi32>) {
    %v5_r = arith.addi %v5_acc, %v4 : tensor<2x4xi32>
    scf.yield %v5_r : tensor<2x4xi32>
  }
  return %v5 : tensor<2x4xi32>
}

{-#
  dialect_resources: {
    builtin: {
      blob_v4: "0x040000000100000001000000010000000100000001000000010000000100000001000000"
    }
  }
#-}
