// The IR before the canonicalize after the first ElideAsyncCopies of a campaign program: the canonicalize
// turns the slice of %1#1 into a copy reading bytes [1,2) of %1#1 placed after the copy that writes bytes
// [0,1) of %1#1 in place. Correct (the bytes read were not written); the per-value clobber check used to
// call it a clobbered read.
module {
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i8 : i8 -> !stream.resource<*>{%c2}
    %1:2 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@entry1(%0[%c0 to %c2 for %c2], %0[%c1 to %c2 for %c1]) : (!stream.resource<*>{%c2}, !stream.resource<*>{%c2}) -> (!stream.resource<*>{%c2}, !stream.resource<*>{%c2})
    %2 = stream.async.slice on(#hal.device.affinity<@d1>) %1#1[%c1 to %c2] : !stream.resource<*>{%c2} -> !stream.resource<*>{%c1}
    %3 = stream.async.copy on(#hal.device.affinity<@d1>) %0[%c1 to %c2], %1#1[%c0 to %c1], %c1 : !stream.resource<*>{%c2} -> %1#1 as !stream.resource<*>{%c2}
    %4 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i8 : i8 -> !stream.resource<*>{%c2}
    %5 = stream.async.update on(#hal.device.affinity<@d1>) %2, %4[%c0 to %c1] : !stream.resource<*>{%c1} -> %4 as !stream.resource<*>{%c2}
    %6 = util.optimization_barrier %5 : !stream.resource<*>
    %7 = util.optimization_barrier %3 : !stream.resource<*>
    util.return
  }
}

