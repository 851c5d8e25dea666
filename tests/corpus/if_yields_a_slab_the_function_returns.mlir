// L3 seed 909's program (stream-fuzz run --level l3 --seed 909 on 3.13, as the campaign wrote it, unshrunk):
// %v2 = |%v0| and both halves of %v3 come from one dispatch, packed into one slab with the returned %v6;
// the scf.if yields %v2 itself when |%v0[0]| > 0, and AutomaticReferenceCounting deallocates the if result,
// the slab, before the host maps the result (runtime-error-8be6cc46202f on 3.13). %v1 is unused.
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task --device=local-task --device=local-task --device=local-task \
// RUN:   --function=main \
// RUN:   --input=8xi32=-2,-2,-2,-2,2,-3,-2,-2 \
// RUN:   --input=4x4xi32=1,1,-1,4,-4,-4,2,4,-4,-4,-4,4,4,2,3,1 \
// RUN:   --expected_output=16xi32=2,2,2,2,2,2,2,2,2,2,3,2,2,0,0,0

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d2 = #hal.device.target<"local", {ordinal = 2 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d3 = #hal.device.target<"local", {ordinal = 3 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<8xi32> {iree.abi.affinity = #hal.device.affinity<@d3>}, %v1: tensor<4x4xi32> {iree.abi.affinity = #hal.device.affinity<@d3>}) -> (tensor<16xi32>) {
  %v2 = math.absi %v0 : tensor<8xi32>
  %v3_init = tensor.empty() : tensor<8xi32>
  %v3_pair:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%v0, %v2 : tensor<8xi32>, tensor<8xi32>) outs(%v3_init, %v3_init : tensor<8xi32>, tensor<8xi32>) {
  ^bb0(%v3_a: i32, %v3_b: i32, %v3_o0: i32, %v3_o1: i32):
    %v3_first = arith.maxsi %v3_a, %v3_b : i32
    %v3_second = arith.addi %v3_a, %v3_b : i32
    linalg.yield %v3_first, %v3_second : i32, i32
  } -> (tensor<8xi32>, tensor<8xi32>)
  %v3 = tensor.concat dim(0) %v3_pair#0, %v3_pair#1 : (tensor<8xi32>, tensor<8xi32>) -> tensor<16xi32>
  %v4 = arith.constant dense<0> : tensor<8xi32>
  %v5_c0 = arith.constant 0 : index
  %v5_x0 = tensor.extract %v2[%v5_c0] : tensor<8xi32>
  %v5_z = arith.constant 0 : i32
  %v5_p = arith.cmpi sgt, %v5_x0, %v5_z : i32
  %v5 = scf.if %v5_p -> (tensor<8xi32>) {
    %v5_then = arith.addi %v2, %v4 : tensor<8xi32>
    scf.yield %v5_then : tensor<8xi32>
  } else {
    %v5_zeros = arith.constant dense<0> : tensor<8xi32>
    %v5_r = arith.subi %v5_zeros, %v2 : tensor<8xi32>
    scf.yield %v5_r : tensor<8xi32>
  }
  %v6 = tensor.insert_slice %v5 into %v3[5] [8] [1] : tensor<8xi32> into tensor<16xi32>
  return %v6 : tensor<16xi32>
}
