// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-318aaf942384
// severity: data
// found: 2026-12-01 seed=73 worker=1
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-318aaf942384.mlir
// status: open
// triage: NOT YET TRIAGED (found 2026-12-01 by a 10-minute campaign, seed 73, 81 hits; kept so that it is not
//   lost). A `stream.async.constant` (a ramp, which stays a constant) is read by a transfer and then written in
//   place by a fill; after copy-on-write the async IR still reads it after that write. Whether IREE means
//   constants to be written in place (copy-on-write should clone it first) is the open question.
// what was found:
//   [async/clobbered-read] (data) %arg1 is read by 'util.return %2#0, %15, %2#0, %2#1 : !stream.resource<constant>, !stream.resource<external>, !stream.resource<constant>, !stream.resource<constant>' after '%18 = stream.async.fill %c7_i32, %arg1[%c8 to %c16 for %c8] : i32 -> %arg1 as !stream.resource<constant>{%c16}' overwrote it in place (first after canonicalize after iree-stream-elide-async-copies (2nd))
//   [async/clobbered-read] (data) %arg1 is read by '%17 = stream.async.update %arg0, %16#1[%c0 to %c16] : !stream.resource<constant>{%c16} -> %16#1 as !stream.resource<transient>{%c32}' after '%18 = stream.async.fill %c7_i32, %arg1[%c8 to %c16 for %c8] : i32 -> %arg1 as !stream.resource<constant>{%c16}' overwrote it in place (first after canonicalize after iree-stream-elide-async-copies (2nd))
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --mlir-print-ir-before=iree-stream-verify-lowering-to-async %s -o /dev/null 2> %t
// RUN: stream-fuzz check --no-compile --async-ir %t

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.global private @d4 : !hal.device
  util.global private @d5 : !hal.device
  util.func public @main() -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c1234_i32 = arith.constant 1234 : i32
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.constant on(#hal.device.affinity<@d2>) : !stream.resource<*>{%c16} = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi8>
    %v3 = stream.async.fill on(#hal.device.affinity<@d0>) %c1234_i32, %v1[%c0 to %c16 for %c16] : i32 -> %v1 as !stream.resource<*>{%c16}
    %v4 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v5 = stream.async.transfer %v2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d2>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %v6 = stream.async.update on(#hal.device.affinity<@d0>) %v5, %v3[%c0 to %c16] : !stream.resource<*>{%c16} -> %v3 as !stream.resource<*>{%c16}
    %v7 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v8 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v9 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v10 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v11 = stream.async.fill on(#hal.device.affinity<@d2>) %c7_i32, %v2[%c8 to %c16 for %c8] : i32 -> %v2 as !stream.resource<*>{%c16}
    %v12 = stream.async.clone on(#hal.device.affinity<@d0>) %v5 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
    %v13 = stream.async.constant on(#hal.device.affinity<@d2>) : !stream.resource<*>{%c32} = dense<3> : tensor<32xi8>
    %v14 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v15 = stream.async.transfer %v12 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c16}
    %v16 = stream.async.update on(#hal.device.affinity<@d2>) %v15, %v13[%c0 to %c16] : !stream.resource<*>{%c16} -> %v13 as !stream.resource<*>{%c32}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v4 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v5 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v7 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v8 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v10 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v11 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v14 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v16 : !stream.resource<*>
    util.return %v6, %v9, %v12, %v15 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
  }
}

// The correct output: in the async IR before iree-stream-verify-lowering-to-async no value is read after an op
// overwrote it in place (the RUN lines check it: stream-fuzz's async/clobbered-read rule, the
// invariant copy-on-write establishes).
