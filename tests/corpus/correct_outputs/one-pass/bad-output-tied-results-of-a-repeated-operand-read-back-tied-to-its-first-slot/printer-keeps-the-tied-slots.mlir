// hand repair: the printer and parser keep the operand slot of each tie, so the module reads back as the pipeline built it (tied_operands = [1 : index, 2 : index]): iree-opt 3.13.0's output for this program printed directly in generic form (--mlir-print-op-generic on the pipeline's own run, no custom-form round trip), as the RUN line's second iree-opt would print it.
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
    %7 = "stream.async.splat"(%4, %3) <{affinity = #hal.device.affinity<@d0>}> : (i8, index) -> !stream.resource<*>
    %8:2 = "stream.async.dispatch"(%6, %7, %7, %3, %3, %3, %1, %1, %2, %3, %2, %3, %3, %2, %2, %3, %3) <{affinity = #hal.device.affinity<@d0>, entry_points = [@ex::@halves], operandSegmentSizes = array<i32: 0, 3, 3, 3, 3, 3, 2>, tied_operands = [1 : index, 2 : index]}> : (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, index, index, index, index, index, index, index, index, index, index, index, index, index, index) -> (!stream.resource<*>, !stream.resource<*>)
    "util.return"(%8#1) : (!stream.resource<*>) -> ()
  }) : () -> ()
}) : () -> ()

