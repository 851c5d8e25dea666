// hand repair: the device `hal.devices.get 0` treated as unknown (DeviceGlobalValuePVS marking a value it cannot trace as undef), so memoizeRegionOp takes its fallback and replaces the memoize op with a call of the outlined body (3.13's iree-opt prints this for the same IR with the device passed as an argument of @main, which the analysis already treats so; here rewritten back to hal.devices.get). Correct: the command buffer is recorded on every call, only not cached.
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
  util.func public @main() -> !hal.command_buffer {
    %c0 = arith.constant 0 : index
    %device = hal.devices.get %c0 : !hal.device
    %c-1_i64 = arith.constant -1 : i64
    %0 = util.call @__main_memoize_apply(%device, %c-1_i64) : (!hal.device, i64) -> !hal.command_buffer
    util.return %0 : !hal.command_buffer
  }
}

