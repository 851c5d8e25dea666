// L3 seed 36's program (stream-fuzz run --level l3 --seed 36 on 3.13, as the campaign wrote it, unshrunk):
// the dense<-2> constant %v1 is the init of the three-trip loop %v4, whose carry moves to @d0 and back to
// @d1; before ScheduleExecution it is a stream.async.splat on @d0 whose only user is the loop, and the
// partitions form a cycle (invalid-program-f232017af063 on 3.13).
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task --device=local-task \
// RUN:   --function=main \
// RUN:   --input=4x2xi32=2,4,2,2,-3,-3,-1,-1 \
// RUN:   --expected_output=4x2xi32=2,6,2,2,-4,-4,-3,-3 \
// RUN:   --expected_output=4x2xi32=0,0,0,0,0,0,0,0 \
// RUN:   --expected_output=4x2xi32=4,8,4,4,-4,-4,-2,-2

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<4x2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<4x2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, tensor<4x2xi32> {iree.abi.affinity = #hal.device.affinity<@d1>}, tensor<4x2xi32>) {
  %v1 = arith.constant dense<-2> : tensor<4x2xi32>
  %v2_c0 = arith.constant 0 : index
  %v2_x0 = tensor.extract %v0[%v2_c0, %v2_c0] : tensor<4x2xi32>
  %v2_z = arith.constant 0 : i32
  %v2_p = arith.cmpi sgt, %v2_x0, %v2_z : i32
  %v2 = scf.if %v2_p -> (tensor<4x2xi32>) {
    %v2_then = arith.maxsi %v0, %v1 : tensor<4x2xi32>
    scf.yield %v2_then : tensor<4x2xi32>
  } else {
    %v2_there = flow.tensor.transfer %v0 : tensor<4x2xi32> to #hal.device.affinity<@d1>
    %v2_zeros = arith.constant dense<0> : tensor<4x2xi32>
    %v2_r = arith.subi %v2_zeros, %v2_there : tensor<4x2xi32>
    %v2_back = flow.tensor.transfer %v2_r : tensor<4x2xi32> to #hal.device.affinity<@d0>
    scf.yield %v2_back : tensor<4x2xi32>
  }
  %v3 = arith.constant dense<0> : tensor<4x2xi32>
  %v4_lb = arith.constant 0 : index
  %v4_ub = arith.constant 3 : index
  %v4_step = arith.constant 1 : index
  %v4 = scf.for %v4_i = %v4_lb to %v4_ub step %v4_step iter_args(%v4_acc = %v1) -> (tensor<4x2xi32>) {
    %v4_there = flow.tensor.transfer %v4_acc : tensor<4x2xi32> to #hal.device.affinity<@d0>
    %v4_r = arith.maxsi %v4_there, %v3 : tensor<4x2xi32>
    %v4_back = flow.tensor.transfer %v4_r : tensor<4x2xi32> to #hal.device.affinity<@d1>
    scf.yield %v4_back : tensor<4x2xi32>
  }
  %v5 = arith.constant dense<-2> : tensor<2x2xi32>
  %v6_zero = arith.constant 0 : i32
  %v6_empty = tensor.empty() : tensor<4x2xi32>
  %v6_init = linalg.fill ins(%v6_zero : i32) outs(%v6_empty : tensor<4x2xi32>) -> tensor<4x2xi32>
  %v6 = linalg.matmul ins(%v4, %v5 : tensor<4x2xi32>, tensor<2x2xi32>) outs(%v6_init : tensor<4x2xi32>) -> tensor<4x2xi32>
  %v7 = flow.tensor.transfer %v2 : tensor<4x2xi32> to #hal.device.affinity<@d1>
  %v8 = arith.addi %v7, %v7 : tensor<4x2xi32>
  %v9 = flow.tensor.transfer %v8 : tensor<4x2xi32> to #hal.device.affinity<@d0>
  %v10_c0 = arith.constant 0 : index
  %v10_x0 = tensor.extract %v9[%v10_c0, %v10_c0] : tensor<4x2xi32>
  %v10_z = arith.constant 0 : i32
  %v10_p = arith.cmpi sgt, %v10_x0, %v10_z : i32
  %v10 = scf.if %v10_p -> (tensor<4x2xi32>) {
    %v10_then = arith.maxsi %v9, %v2 : tensor<4x2xi32>
    scf.yield %v10_then : tensor<4x2xi32>
  } else {
    %v10_there = flow.tensor.transfer %v9 : tensor<4x2xi32> to #hal.device.affinity<@d1>
    %v10_zeros = arith.constant dense<0> : tensor<4x2xi32>
    %v10_r = arith.subi %v10_zeros, %v10_there : tensor<4x2xi32>
    %v10_back = flow.tensor.transfer %v10_r : tensor<4x2xi32> to #hal.device.affinity<@d0>
    scf.yield %v10_back : tensor<4x2xi32>
  }
  %v11_lb = arith.constant 0 : index
  %v11_ub = arith.constant 1 : index
  %v11_step = arith.constant 1 : index
  %v11 = scf.for %v11_i = %v11_lb to %v11_ub step %v11_step iter_args(%v11_acc = %v1) -> (tensor<4x2xi32>) {
    %v11_r = arith.addi %v11_acc, %v10 : tensor<4x2xi32>
    scf.yield %v11_r : tensor<4x2xi32>
  }
  return %v11, %v6, %v9 : tensor<4x2xi32>, tensor<4x2xi32>, tensor<4x2xi32>
}
