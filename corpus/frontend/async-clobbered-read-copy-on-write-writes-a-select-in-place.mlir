// stream-fuzz finding: wrong-result
// signature: wrong-result-781bf1e6b299
// status: open
// severity: data
// found: 2026-12-04 by hand (reachability of the stream-IR entry from a tensor program)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// releases: has the bug 3.1-3.7, 3.10-3.13; another failure 3.8-3.9 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/frontend/async-clobbered-read-copy-on-write-writes-a-select-in-place.mlir
// pass: iree-stream-materialize-copy-on-write
// triage: compiler bug, wrong data: %s is %a = x+x (k[0] is not 0: the scf.if's then branch yields %a) and the insert_slice
//   of 9 9 into %s becomes a stream.async.fill of the scf.if's result in place. That result has one user,
//   the fill, so copy-on-write (isSafeToElideCOW) makes no copy, though it is %a's storage, which the
//   function also returns: %a returns 9 9 6 8 where 2 4 6 8 is right (result[1] FAILED). Repaired: the
//   insert_slice written in each branch (the same meaning) returns both results right on 3.13. Correct: the
//   results in the RUN line (x+x with its first two elements set to 9, and x+x).
//   The same root cause in stream IR (pass and function in its triage):
//   corpus/async-clobbered-read-copy-on-write-writes-a-select-in-place.mlir
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --input=1xi32=1 \
// RUN:   --input=4xi32=1,2,3,4 \
// RUN:   --input=4xi32=1,1,1,1 \
// RUN:   --expected_output=4xi32=9,9,6,8 \
// RUN:   --expected_output=4xi32=2,4,6,8

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%k: tensor<1xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %x: tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %y: tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<4xi32>, tensor<4xi32>) {
  %i0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %e = tensor.extract %k[%i0] : tensor<1xi32>
  %c = arith.cmpi ne, %e, %zero : i32
  %a = arith.addi %x, %x : tensor<4xi32>
  %s = scf.if %c -> tensor<4xi32> {
    scf.yield %a : tensor<4xi32>
  } else {
    %b = arith.muli %y, %y : tensor<4xi32>
    scf.yield %b : tensor<4xi32>
  }
  %nine = arith.constant dense<9> : tensor<2xi32>
  %u = tensor.insert_slice %nine into %s[0] [2] [1] : tensor<2xi32> into tensor<4xi32>
  return %u, %a : tensor<4xi32>, tensor<4xi32>
}
