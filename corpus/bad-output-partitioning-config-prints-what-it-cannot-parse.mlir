// stream-fuzz finding: bad-output
// signature: bad-output-baec814b64b1
// status: open
// severity: -
// found: 2026-12-01 by the generators (L1 with the new config and queue switches, minimized by Hypothesis and by hand)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/bad-output-partitioning-config-prints-what-it-cannot-parse.mlir
// pass: (the attribute printer: `iree-opt` with no pass prints it so)
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — only where the user sets it: a tensor program whose module carries
//   stream.partitioning = #stream.partitioning_config<"max-concurrency"> compiles, and its iree-compile
//   --compile-to=stream output prints <favor-max-concurrency>, which iree-opt rejects ("expected string");
//   without the attribute (every other program tried) it is not printed.
// triage: compiler bug (StreamTypes.cpp PartitioningConfigAttr::print): the attribute prints as
//   `#stream.partitioning_config<favor-max-concurrency>`, a bare word with a `favor-` prefix, while
//   PartitioningConfigAttr::parse wants a quoted string naming the favor (`<"max-concurrency">`, as
//   schedule_concurrency.mlir writes it) or `*`: "expected string". Any module or function with
//   `stream.partitioning` prints IR that does not read back. (The parser's `*` maps to "size", which
//   symbolizeFavor does not know either.) Correct: print `<"max-concurrency">`. Same on 3.1 to 3.13 and
//   at upstream HEAD of 2026-08-21.
// what was found:
//   loc("-":1:70): error: expected string
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | iree-opt | FileCheck %s

module attributes {stream.partitioning = #stream.partitioning_config<"max-concurrency">} {
  util.func public @main() {
    util.return
  }
}

// The correct output reads back, the partitioning config (favoring max-concurrency) kept (buggy: the second
// iree-opt fails with "expected string" and prints nothing).
// CHECK: stream.partitioning = #stream.partitioning_config<{{.*}}max-concurrency
// CHECK: util.func public @main(
