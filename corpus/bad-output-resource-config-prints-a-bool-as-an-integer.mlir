// stream-fuzz finding: bad-output
// signature: bad-output-390396548fbb
// status: open
// severity: -
// found: 2026-12-01 by the generators (L1 with the new config and queue switches, minimized by Hypothesis and by hand)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/bad-output-resource-config-prints-a-bool-as-an-integer.mlir
// pass: (the attribute printer: `iree-opt` with no pass prints it so)
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — only where the user sets it: a tensor program whose module carries
//   stream.resources = #stream.resource_config<{alias_mutable_bindings = true}> compiles, and its iree-
//   compile --compile-to=stream output prints alias_mutable_bindings = 1, which does not read back; iree-
//   compile attaches no resource config of its own to the programs tried here.
// triage: compiler bug (StreamTypes.cpp ResourceConfigAttr::print): `alias_mutable_bindings` is printed
//   with `os << getAliasMutableBindings()`, a bool streamed as 1 or 0, while ResourceConfigAttr::parse
//   accepts only the keywords `true` and `false` ("expected valid keyword"). So any module or function
//   carrying `stream.resources` prints IR that iree-opt cannot read back: no pass is needed, `iree-opt` on
//   this file already prints `alias_mutable_bindings = 0`. IREE's tests never round-trip the attribute
//   (fuse_dispatch_bindings.mlir and layout_slices.mlir only read it). Correct: print `true`/`false`.
//   Same on 3.1 to 3.13 and at upstream HEAD of 2026-08-21.
// what was found:
//   loc("-":1:238): error: expected valid keyword
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | iree-opt | FileCheck %s

module attributes {stream.resources = #stream.resource_config<{max_allocation_size = 1073741824, min_buffer_offset_alignment = 16, max_buffer_range = 1073741824, min_buffer_range_alignment = 16, index_bits = 32, alias_mutable_bindings = false, memory_model = Unified}>} {
  util.func public @main() {
    util.return
  }
}

// The correct output reads back, the resource config kept (buggy: the second iree-opt fails with "expected
// valid keyword" and prints nothing).
// CHECK: stream.resources = #stream.resource_config<{{.*}}alias_mutable_bindings =
// CHECK: util.func public @main(
