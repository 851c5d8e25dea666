// hand repair: `hal.devices.get 0` analysed as any of the module's device globals (here only @d0), so the region is memoized for @d0 and looked up by comparing the device with it, the null command buffer being the lookup's usual miss (3.13's iree-opt prints this for the same IR with the device loaded from @d0; here @main's device rewritten back to hal.devices.get). Correct: the pass completes and the region is outlined.
#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_vmvx_bytecode_fb]> : !hal.device
module {
  util.global private @d0 = #device_target_local_0_
  util.func private @__main_memoize_apply(%arg0: !hal.device, %arg1: i64) -> !hal.command_buffer attributes {inlining_policy = #util.inline.never} {
    cf.br ^bb1
  ^bb1:  // pred: ^bb0
    %cmd = hal.command_buffer.create device(%arg0 : !hal.device) mode("None") categories(Transfer) affinity(%arg1) : !hal.command_buffer
    hal.command_buffer.finalize<%cmd : !hal.command_buffer>
    util.return %cmd : !hal.command_buffer
  }
  util.global private @__main_memoize_result_0_d0 : !hal.command_buffer
  util.initializer {
    %d0 = util.global.load immutable @d0 : !hal.device
    %c-1_i64 = arith.constant -1 : i64
    %0 = util.call @__main_memoize_apply(%d0, %c-1_i64) : (!hal.device, i64) -> !hal.command_buffer
    util.global.store %0, @__main_memoize_result_0_d0 : !hal.command_buffer
    util.return
  }
  util.func private @__main_memoize_lookup(%arg0: !hal.device, %arg1: i64) -> !hal.command_buffer {
    %d0 = util.global.load @d0 : !hal.device
    %0 = util.cmp.eq %arg0, %d0 : !hal.device
    %1 = scf.if %0 -> (!hal.command_buffer) {
      %__main_memoize_result_0_d0 = util.global.load @__main_memoize_result_0_d0 : !hal.command_buffer
      scf.yield %__main_memoize_result_0_d0 : !hal.command_buffer
    } else {
      %2 = util.null : !hal.command_buffer
      scf.yield %2 : !hal.command_buffer
    }
    util.return %1 : !hal.command_buffer
  }
  util.func public @main() -> !hal.command_buffer {
    %c0 = arith.constant 0 : index
    %c-1_i64 = arith.constant -1 : i64
    %device = hal.devices.get %c0 : !hal.device
    %0 = util.call @__main_memoize_lookup(%device, %c-1_i64) : (!hal.device, i64) -> !hal.command_buffer
    util.return %0 : !hal.command_buffer
  }
}

