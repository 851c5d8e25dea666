// stream-fuzz finding: wrong-result
// signature: wrong-result-781bf1e6b299
// status: open
// severity: data
// found: 2026-12-04 by hand (a candidate another helper saw; triaged and cut down by hand)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// reproduce: stream-fuzz replay corpus/wrong-result-slice-of-a-splat-ignores-the-slice-offset.mlir
// pass: canonicalize (PropagateSplatsThroughSlices; here the first canonicalize of the stream phase)
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// symptom: misaligned-splat-slice
// reachability: frontend — a tensor program reaches it (run on 3.13): linalg.fill of a runtime i32 into
//   tensor<2xi32>, flow.tensor.bitcast to tensor<8xi8>, tensor.extract_slice [1] [4], bitcast back to
//   tensor<1xi32> returns 67305985 for 67305985 where 17040130 is right; in its stream IR the same
//   stream.async.slice [1 to 5] of an 8-byte stream.async.splat meets the same fold
//   (corpus/frontend/wrong-result-slice-of-a-splat-ignores-the-slice-offset.mlir).
// triage: compiler bug, wrong data (Stream/IR/StreamOpFolders.cpp, PropagateSplatsThroughSlices, an
//   AsyncSliceOp canonicalization). stream.async.slice takes a byte range of its source ("Slices a
//   subrange of a stream resource based on a byte range"); AsyncSliceOp::verify checks only the sizes, and
//   no documented rule asks a slice to start on a multiple of a splat's pattern width. The pattern rewrites
//   slice(splat(v)) into splat(v) of the slice's size whatever the slice's offset: right only when the
//   offset is a multiple of v's byte width. Here the 8-byte splat of the i32 0x04030201 holds the bytes
//   01 02 03 04 01 02 03 04; bytes [1, 5) are 02 03 04 01 (the i32 0x01040302 = 17040130), but the fold
//   splats 0x04030201 again and the run returns 67305985. A slice whose size is not a multiple of the
//   width ([0 to 2]) becomes a 2-byte splat of an i32, which fails at run time on 3.13 ("attempting to
//   fill a range with 4 byte values that is not aligned (offset=0, length=2)"). Fix hint: fold only when
//   the offset and the size are multiples of the pattern's width (or rotate the pattern by the offset).
//   Present in every release 3.1-3.13 and in upstream's StreamOpFolders.cpp (2026-08). Repaired:
//   util.optimization_barrier on the splat (the same value; the pattern no longer sees a splat under the
//   slice) returns 17040130 on 3.13. Correct: the bytes at [1, 5) of the splat, in the RUN line. (The L3
//   oracle signs every one-device wrong result alike: wrong-result-781bf1e6b299 also signs other causes.)
//
// REQUIRES: iree-run-module
// RUN: iree-compile --compile-from=flow %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb --device=local-task --function=main \
// RUN:   --expected_output=1xi32=17040130

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.func public @main() -> !hal.buffer_view {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  // 0x04030201: the splat's bytes are 01 02 03 04 01 02 03 04.
  %c67305985_i32 = arith.constant 67305985 : i32
  %splat = stream.async.splat on(#hal.device.affinity<@d0>) %c67305985_i32 : i32 -> !stream.resource<*>{%c8}
  %slice = stream.async.slice on(#hal.device.affinity<@d0>) %splat[%c1 to %c5] : !stream.resource<*>{%c8} -> !stream.resource<*>{%c4}
  %out = stream.async.transfer %slice : !stream.resource<*>{%c4} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c4}
  %view = stream.tensor.export on(#hal.device.affinity<@d0>) %out : tensor<1xi32> in !stream.resource<external>{%c4} -> !hal.buffer_view
  util.return %view : !hal.buffer_view
}

// The correct output: bytes 1-4 of 01 02 03 04 01 02 03 04 are 02 03 04 01, read as an i32 0x01040302 = 17040130.
// On 3.13 the run returns 67305985 (0x04030201: the splat's value, as if the slice started at byte 0).
