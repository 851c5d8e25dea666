// Found while classifying a generator finding (L1 round trip), minimized by hand and by line
// deletion. iree-base-compiler 3.13.0, builtin.module(iree-stream-transformation-pipeline):
//   error: 'stream.yield' op used resource not listed in explicit captures (or produced internally)
// A dispatch without operands on @d0, moved to @d1 and back to @d0: a pass builds an execute region
// that yields a resource it neither captures nor produces. With a splat instead of the dispatch, or
// a dispatch reading one operand, it compiles. The generator never draws operand-less dispatches.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c16 = arith.constant 16 : index
    %v1 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f() : () -> !stream.resource<*>{%c16}
    %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %v3 = stream.async.transfer %v2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v3 : !stream.resource<*>
    util.return
  }
}
