// PIPELINE: stream
// WHAT: Two in-place i64 fills of the disjoint halves of one resource. MaterializeBuiltins makes each a
// dispatch of @__builtin_fill_i64 and ScheduleConcurrency rightly puts them in one wave; FuseDispatchBindings
// then widens both bindings to the whole resource (`rw %arg0[%c0 for %c64]`) and passes the real offsets as
// operands. The printed ranges prove nothing: once a false wave/race alarm.
module {
  util.global private @d0 : !hal.device
  util.func public @main() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c0_i8 = arith.constant 0 : i8
    %c1_i64 = arith.constant 1 : i64
    %c2_i64 = arith.constant 2 : i64
    %s = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c64}
    %a = stream.async.fill on(#hal.device.affinity<@d0>) %c1_i64, %s[%c0 to %c32 for %c32] : i64 -> %s as !stream.resource<*>{%c64}
    %b = stream.async.fill on(#hal.device.affinity<@d0>) %c2_i64, %a[%c32 to %c64 for %c32] : i64 -> %a as !stream.resource<*>{%c64}
    util.return %b : !stream.resource<*>
  }
}
