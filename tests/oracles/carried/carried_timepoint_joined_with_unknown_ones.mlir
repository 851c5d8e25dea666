module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private mutable @g0 : !stream.resource<variable>
  util.func public @main(%cond: i1) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c7_i32 = arith.constant 7 : i32
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c255_i32 = arith.constant 255 : i32
    %v1 = stream.async.splat on(#hal.device.promise<@d1, [0, 1]>) %c255_i32 : i32 -> !stream.resource<*>{%c32}
    %g0_in = stream.async.transfer %v1 : !stream.resource<*>{%c32} from(#hal.device.promise<@d1, [0, 1]>) -> to(#hal.device.promise<@d1, [0, 1]>) !stream.resource<variable>{%c32}
    util.global.store %g0_in, @g0 : !stream.resource<variable>
    %v2 = stream.async.fill on(#hal.device.promise<@d1, [0, 1]>) %c0_i32, %v1[%c16 to %c32 for %c16] : i32 -> %v1 as !stream.resource<*>{%c32}
    %v24, %v25 = scf.for %i24 = %c0 to %c2 step %c1 iter_args(%v3 = %v2, %v4 = %v2) -> (!stream.resource<*>, !stream.resource<*>) {
      %v22 = scf.if %cond -> (!stream.resource<*>) {
        %v10, %v11 = scf.if %cond -> (!stream.resource<*>, !stream.resource<*>) {
          %v5 = stream.async.splat on(#hal.device.promise<@d1, [0, 1]>) %c0_i32 : i32 -> !stream.resource<*>{%c128}
          %v6 = stream.async.splat on(#hal.device.promise<@d1, [0, 1]>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
          %v7 = stream.async.splat on(#hal.device.promise<@d1, [0, 1]>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
          scf.yield %v6, %v7 : !stream.resource<*>, !stream.resource<*>
        } else {
          %v8 = stream.async.splat on(#hal.device.promise<@d1, [0, 1]>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
          %v9 = stream.async.splat on(#hal.device.promise<@d1, [0, 1]>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
          scf.yield %v8, %v9 : !stream.resource<*>, !stream.resource<*>
        }
        %v12 = arith.select %cond, %v4, %v3 : !stream.resource<*>
        %v13 = stream.async.splat on(#hal.device.affinity<@d0>) %c255_i32 : i32 -> !stream.resource<*>{%c16}
        %v17, %v18, %v19 = scf.for %i17 = %c0 to %c1 step %c1 iter_args(%v14 = %v10, %v15 = %v12, %v16 = %v10) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
          scf.yield %v16, %v15, %v14 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
        }
        %v20 = stream.async.constant on(#hal.device.affinity<@d0>) : !stream.resource<*>{%c64} = dense<3> : tensor<64xi8>
        scf.yield %v19 : !stream.resource<*>
      } else {
        %v21 = stream.async.splat on(#hal.device.promise<@d1, [0, 1]>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
        scf.yield %v21 : !stream.resource<*>
      }
      %v23 = arith.select %cond, %v2, %v22 : !stream.resource<*>
      scf.yield %v4, %v23 : !stream.resource<*>, !stream.resource<*>
    }
    %v26 = arith.select %cond, %v24, %v25 : !stream.resource<*>
    %v27 = stream.async.fill on(#hal.device.promise<@d1, [0, 1]>) %c7_i32, %v25[%c0 to %c8 for %c8] : i32 -> %v25 as !stream.resource<*>{%c32}
    %v28 = stream.async.splat on(#hal.device.promise<@d1, [0, 1]>) %c0_i32 : i32 -> !stream.resource<*>{%c128}
    %v29 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v30 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c64}
    %v62, %v63 = scf.for %i62 = %c0 to %c3 step %c1 iter_args(%v31 = %v30, %v32 = %v30) -> (!stream.resource<*>, !stream.resource<*>) {
      %v33 = stream.async.clone on(#hal.device.affinity<@d0>) %v30 : !stream.resource<*>{%c64} -> !stream.resource<*>{%c64}
      %v34 = stream.async.transfer on(#hal.device.promise<@d1, [0, 1]>) %v29 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.promise<@d1, [0, 1]>) !stream.resource<*>{%c16}
      %v35 = stream.async.transfer on(#hal.device.promise<@d1, [0, 1]>) %v32 : !stream.resource<*>{%c64} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.promise<@d1, [0, 1]>, #hal.device.promise<@d0>]>) !stream.resource<*>{%c64}
      %v61 = scf.for %i61 = %c0 to %c3 step %c1 iter_args(%v36 = %v34) -> (!stream.resource<*>) {
        %v51, %v52 = scf.for %i51 = %c0 to %c1 step %c1 iter_args(%v37 = %v35, %v38 = %v35) -> (!stream.resource<*>, !stream.resource<*>) {
          %v39 = stream.async.clone on(#hal.device.promise<@d1, [0, 1]>) %v38 : !stream.resource<*>{%c64} -> !stream.resource<*>{%c64}
          %v40 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c128}
          %v41 = stream.async.transfer on(#hal.device.promise<@d1, [0, 1]>) %v36 : !stream.resource<*>{%c16} from(#hal.device.promise<@d1, [0, 1]>) -> to(#hal.device.promise<@d1, [0, 1]>) !stream.resource<*>{%c16}
          %v42 = arith.select %cond, %v36, %v41 : !stream.resource<*>
          %v43 = stream.async.transfer on(#hal.device.promise<@d1, [0, 1]>) %v38 : !stream.resource<*>{%c64} from(#hal.device.promise<@d1, [0, 1]>) -> to(#hal.device.promise<@d1, [0, 1]>) !stream.resource<*>{%c64}
          %v44 = stream.async.splat on(#hal.device.promise<@d1, [0, 1]>) %c255_i32 : i32 -> !stream.resource<*>{%c64}
          %v45 = stream.async.clone on(#hal.device.promise<@d1, [0, 1]>) %v42 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
          %v46 = stream.async.transfer on(#hal.device.promise<@d1, [0, 1]>) %v44 : !stream.resource<*>{%c64} from(#hal.device.promise<@d1, [0, 1]>) -> to(#hal.device.promise<@d1, [0, 1]>) !stream.resource<*>{%c64}
          %v47 = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c128}
          %v48 = arith.select %cond, %v46, %v39 : !stream.resource<*>
          %v49 = stream.async.clone on(#hal.device.promise<@d1, [0, 1]>) %v41 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
          %v50 = stream.async.splat on(#hal.device.affinity<@d0>) %c255_i32 : i32 -> !stream.resource<*>{%c64}
          scf.yield %v38, %v37 : !stream.resource<*>, !stream.resource<*>
        }
        %v53 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
        %v60 = scf.if %cond -> (!stream.resource<*>) {
          %v54 = stream.async.transfer on(#hal.device.promise<@d1, [0, 1]>) %v32 : !stream.resource<*>{%c64} from(#hal.device.affinity<@d0>) -> to(#hal.device.promise<@d1, [0, 1]>) !stream.resource<*>{%c64}
          %v55 = stream.async.transfer on(#hal.device.affinity<@d0>) %v51 : !stream.resource<*>{%c64} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c64}
          %v56 = stream.async.alloca on(#hal.device.promise<@d1, [0, 1]>) : !stream.resource<*>{%c32}
          %v57 = stream.async.splat on(#hal.device.promise<@d1, [0, 1]>) %c7_i32 : i32 -> !stream.resource<*>{%c64}
          %v58 = stream.async.transfer on(#hal.device.affinity<@d0>) %v36 : !stream.resource<*>{%c16} from(#hal.device.promise<@d1, [0, 1]>) -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1, [0, 1]>]>) !stream.resource<*>{%c16}
          scf.yield %v55 : !stream.resource<*>
        } else {
          %v59 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c64}
          scf.yield %v59 : !stream.resource<*>
        }
        scf.yield %v36 : !stream.resource<*>
      }
      scf.yield %v33, %v33 : !stream.resource<*>, !stream.resource<*>
    }
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v24 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v26 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v27 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v28 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v29 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v30 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v62 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v63 : !stream.resource<*>
    util.return
  }
}
