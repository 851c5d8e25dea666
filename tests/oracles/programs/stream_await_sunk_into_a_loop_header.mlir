// PIPELINE: stream
// A splat used in a loop body (through a select with the iter_arg) and after the loop: the canonicalizer's
// SinkAwaitToFirstConsumer moves its host await to the common dominator of those users, the loop header
// (after scf-to-cf), and the body's execute awaits only its own alloca. The host waited in the header,
// which every path to the body runs first, so the execute starts after the splat's alloca: correct. The
// lifetime rule once looked at the entry block only and flagged it (lifetime-before-alloca-525130c18825,
// the 3.13 campaign of seed 37). Every iteration's result is awaited on the host before the select, so no
// timepoint rides on the loop's block argument.
util.global private @d0 : !hal.device
util.func public @main(%cond: i1) -> !stream.resource<*> {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c128 = arith.constant 128 : index
  %v3 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c128}
  %v23 = scf.for %i = %c0 to %c3 step %c1 iter_args(%v4 = %v3) -> (!stream.resource<*>) {
    %v6 = arith.select %cond, %v3, %v4 : !stream.resource<*>
    %v10 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry2(%v6[%c0 to %c128 for %c128]) : (!stream.resource<*>{%c128}) -> !stream.resource<*>{%c128}
    %v16 = arith.select %cond, %v10, %v4 : !stream.resource<*>
    scf.yield %v16 : !stream.resource<*>
  }
  util.optimization_barrier %v3 : !stream.resource<*>
  util.return %v23 : !stream.resource<*>
}
