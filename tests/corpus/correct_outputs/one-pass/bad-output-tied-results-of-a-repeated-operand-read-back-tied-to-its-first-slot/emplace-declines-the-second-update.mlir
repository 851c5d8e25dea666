// hand repair: EmplaceAllocations declines to emplace the second result into a target another slot already holds: iree-opt 3.13.0's output for this program with on(#hal.device.affinity<@d0>) dropped from the second stream.async.update (the pass declines an update whose affinity differs from the dispatch's, so that result stays in its own alloca and the update copies it in), read back and printed in generic form; no two results are tied to one slot.
"builtin.module"() ({
  "util.global"() <{sym_name = "d0", sym_visibility = "private", type = !hal.device}> : () -> ()
  "util.func"() <{function_type = () -> !stream.resource<*>, sym_name = "two_updates_into_one_target", sym_visibility = "public", tied_operands = [-1 : index]}> ({
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.constant"() <{value = 4 : index}> : () -> index
    %3 = "arith.constant"() <{value = 8 : index}> : () -> index
    %4 = "arith.constant"() <{value = 0 : i8}> : () -> i8
    %5 = "arith.constant"() <{value = 1 : i8}> : () -> i8
    %6 = "stream.async.splat"(%5, %3) <{affinity = #hal.device.affinity<@d0>}> : (i8, index) -> !stream.resource<*>
    %7 = "stream.async.alloca"(%2) <{affinity = #hal.device.affinity<@d0>}> : (index) -> !stream.resource<*>
    %8 = "stream.async.splat"(%4, %3) <{affinity = #hal.device.affinity<@d0>}> : (i8, index) -> !stream.resource<*>
    %9:2 = "stream.async.dispatch"(%6, %8, %7, %3, %3, %2, %1, %1, %0, %3, %2, %2, %3, %2, %2, %3, %2) <{affinity = #hal.device.affinity<@d0>, entry_points = [@ex::@halves], operandSegmentSizes = array<i32: 0, 3, 3, 3, 3, 3, 2>, tied_operands = [1 : index, 2 : index]}> : (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> (!stream.resource<*>, !stream.resource<*>)
    %10 = "stream.async.update"(%9#0, %3, %2, %3, %9#1, %2) : (!stream.resource<*>, index, index, index, !stream.resource<*>, index) -> !stream.resource<*>
    "util.return"(%10) : (!stream.resource<*>) -> ()
  }) : () -> ()
}) : () -> ()

