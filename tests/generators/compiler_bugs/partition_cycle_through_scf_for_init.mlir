// Found by generators (L1 stats run, minimized by hand). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: circular dependency: input operation uses partition output ... - this indicates the operation should be inside the partition
// ScheduleExecution (reference partitioning) puts %v1's producer and %v5 in one partition although the
// non-streamable scf.for sits between them (%v1 -> loop -> %v4 -> %v5). Needs an iterating loop whose body
// yields a fresh dispatch result computed from its argument, and %v1 read after the loop by a dispatch.
// Compiles if the loop runs once, if the body writes %v2 in place (tied), or if %v5 reads only %v4.
util.global private @d0 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v4 = scf.for %i = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
    %v3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry1(%v2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    scf.yield %v3 : !stream.resource<*>
  }
  %v5 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry2(%v4[%c0 to %c16 for %c16], %v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %v5 : !stream.resource<*>
  util.return
}
