// A campaign program (formerly witness 1 of corpus/async-clobbered-read-fold-after-copy-elision-moves-read-
// past-write.mlir): after copy elision and the canonicalize, a copy reads bytes [8,16) of %v7's storage
// after the in-place update wrote bytes [0,8) of it. Correct as far as clobbered reads go (its wave race
// on the tied chain is corpus/wave-race-tied-chain-not-compared.mlir's).
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func private @callee0() -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v3 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %v2 = stream.async.slice on(#hal.device.affinity<@d1>) %v3[%c8 to %c16] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
    %v5 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %v6, %v7 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@entry1(%v5[%c0 to %c16 for %c16], %v2[%c0 to %c8 for %c8]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c8}) -> (!stream.resource<*>{%c32}, !stream.resource<*>{%c16})
    %v8 = stream.async.clone on(#hal.device.affinity<@d1>) %v7 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
    %v9 = stream.async.slice on(#hal.device.affinity<@d1>) %v8[%c8 to %c16] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
    %v11 = stream.async.update on(#hal.device.affinity<@d1>) %v2, %v7[%c0 to %c8] : !stream.resource<*>{%c8} -> %v7 as !stream.resource<*>{%c16}
    %v13 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
    %v14 = stream.async.clone on(#hal.device.affinity<@d1>) %v9 : !stream.resource<*>{%c8} -> !stream.resource<*>{%c8}
    %v18 = stream.async.update on(#hal.device.affinity<@d1>) %v14, %v13[%c0 to %c8] : !stream.resource<*>{%c8} -> %v13 as !stream.resource<*>{%c32}
    %v19 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v20 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@entry2(%v11[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (%v11{%c16})
    util.return %v18, %v19, %v20 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
  }
  util.func public @main() {
    %v21, %v22, %v23 = util.call @callee0() : () -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>)
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v21 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v23 : !stream.resource<*>
    util.return
  }
}
