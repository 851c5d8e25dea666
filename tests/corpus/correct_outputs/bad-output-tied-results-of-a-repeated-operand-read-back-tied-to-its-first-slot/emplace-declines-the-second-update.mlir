// hand repair: EmplaceAllocations declines to emplace the second result into a target another slot already holds: iree-opt 3.13.0's output for this program with on(#hal.device.affinity<@d0>) dropped from the second stream.async.update (the pass declines an update whose affinity differs from the dispatch's, so that result stays in its own alloca and the update copies it in), read back and printed in generic form; no two results are tied to one slot.
"builtin.module"() ({
  "util.global"() <{sym_name = "d0", sym_visibility = "private", type = !hal.device}> : () -> ()
  "util.func"() <{function_type = () -> !stream.resource<external>, sym_name = "concat_of_two_halves", sym_visibility = "public", tied_operands = [-1 : index]}> ({
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 4 : index}> : () -> index
    %2 = "arith.constant"() <{value = 8 : index}> : () -> index
    %3 = "arith.constant"() <{value = 0 : i8}> : () -> i8
    %4 = "arith.constant"() <{value = 1 : i8}> : () -> i8
    %5:2 = "stream.async.execute"(%2) <{affinity = #hal.device.affinity<@d0>, operandSegmentSizes = array<i32: 0, 0, 1, 0>, tied_operands = [-1 : index]}> ({
      %7:2 = "stream.async.concurrent"(%2, %2) <{operandSegmentSizes = array<i32: 0, 0, 2>, tied_operands = [-1 : index, -1 : index]}> ({
        %12 = "stream.async.splat"(%4, %2) : (i8, index) -> !stream.resource<transient>
        %13 = "stream.async.splat"(%3, %2) : (i8, index) -> !stream.resource<transient>
        "stream.yield"(%12, %13, %2, %2) : (!stream.resource<transient>, !stream.resource<transient>, index, index) -> ()
      }) : (index, index) -> (!stream.resource<transient>, !stream.resource<transient>)
      %8 = "stream.async.alloca"(%1) : (index) -> !stream.resource<transient>
      %9:2 = "stream.async.dispatch"(%7#0, %7#1, %8, %2, %2, %1, %0, %0, %0, %2, %1, %1, %2, %1, %1, %2, %1) <{entry_points = [@ex::@halves], operandSegmentSizes = array<i32: 0, 3, 3, 3, 3, 3, 2>, tied_operands = [1 : index, 2 : index]}> : (!stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> (!stream.resource<transient>, !stream.resource<transient>)
      %10 = "stream.async.update"(%9#0, %2, %1, %2, %9#1, %1) : (!stream.resource<transient>, index, index, index, !stream.resource<transient>, index) -> !stream.resource<transient>
      %11 = "stream.async.clone"(%10, %2, %2) : (!stream.resource<transient>, index, index) -> !stream.resource<external>
      "stream.yield"(%11, %2) : (!stream.resource<external>, index) -> ()
    }) : (index) -> (!stream.resource<external>, !stream.timepoint)
    %6 = "stream.timepoint.await"(%5#0, %2, %5#1) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!stream.resource<external>, index, !stream.timepoint) -> !stream.resource<external>
    "util.return"(%6) : (!stream.resource<external>) -> ()
  }) : () -> ()
}) : () -> ()

