// stream-fuzz finding: invalid-program
// signature: invalid-program-89571c9ba5e2
// status: open
// severity: -
// found: 2026-12-05 by hand, from a rejection a previous session met while drawing function-level affinities
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/invalid-program-stream-conversion-of-a-load-above-its-global.mlir
// pass: iree-stream-conversion (UtilToStream/Patterns.cpp GlobalLoadOpExpansion needs the global converted first)
// failure: failed to legalize unresolved
// reachability: frontend — the entry is itself a tensor program compiled by iree-compile: one function with a
//   function-level stream.affinity returning a slice of a non-splat constant. The L3 generator draws no
//   function-level affinity (frontend_print.default_device gives a program that names no device a module
//   default instead, because of this rejection). The same program with two devices, an argument
//   transferred to @d1 and the slice returned beside it, is rejected the same way.
// triage: compiler bug, a valid program is rejected. ConvertToStream converts the module's ops in order,
//   and the global load conversion needs the global's expansion first (Stream/Conversion/UtilToStream/
//   Patterns.cpp: GlobalOpExpansion records each converted util.global in GlobalExpansionState::globalMap;
//   GlobalLoadOpExpansion::matchAndRewrite looks the load's global up there and, for a global declared
//   below the load, fails to match, "expanded global not found"). The generic type-conversion pattern for
//   util.global.load then rewrites the load to a single !stream.resource<*> while its user (the
//   hal.tensor.export of the result) takes (resource, size), and the pass has no materialization from one to
//   the other. Nothing in util.global's or util.initializer's documented rules (UtilOps.td) orders globals
//   before the functions that load them (module order binds initializers only). This program has no global:
//   IREE makes one and puts it below its load. WrapEntryPoints puts the ABI wrapper @main above the original
//   body @_main; DeviceAffinityAttr::isLegalToInline keeps @_main (stream.affinity @d0) from being inlined
//   into the wrapper (no affinity); HoistIntoGlobalsPass::hoistConstExpr turns the slice into a global
//   placed above @_main, so below @main, with @_main's stream.affinity (HoistableAttrInterface), and const-eval
//   gives it the value dense<[2, 3]>; iree-util-ipo then moves the immutable load from @_main's return into
//   @main. The affinity keeps FoldGlobals (inlineConstantGlobalLoads preserves globals with non-util dialect
//   attributes) from inlining the global back as a constant. With --iree-opt-const-expr-hoisting=false the
//   slice is folded and iree-flow-outline-constants makes the same global at the same place: rejected too.
//   Each ingredient matters (all on 3.13): without the function-level affinity (@_main is inlined before
//   hoisting), with a module-level stream.affinity.default instead, or with a splat constant (its slice
//   folds to a splat, no global), the program compiles and returns the right values; so does a slice the
//   function computes with instead of returning it. A user-written tensor util.global with a
//   stream.affinity declared below a func.func that returns its load is rejected the same way (without the
//   affinity FoldGlobals inlines it and it compiles). Upstream: iree-org/iree#17172 (closed, 2024) reports a
//   ConvertToStream failure on a module whose parameter global is declared below its functions; commit
//   1f2837cecf (#17180, 2024-04-25, "Add check for util.global expansion for util.load") made
//   GlobalLoadOpExpansion fail to match instead of reading an empty map entry, which is the rejection seen
//   here; the order dependence stayed (Patterns.cpp has had only NFC changes since, through main of
//   2026-08-21); searching IREE's issues found no open one about it. Every release 3.1-3.13 prints, in
//   iree-stream-conversion (--mlir-print-ir-after-failure names
//   ConvertToStreamPass): "failed to legalize unresolved materialization from ('!stream.resource<*>') to
//   ('!stream.resource<*>', 'index') that remained live after conversion" (3.12-3.13 say "unresolved target
//   materialization"), for this program and for the one-pass reproducer alike. Fix hint: expand every
//   global before converting loads and stores (or look the util.global up through the symbol table in the
//   load and store patterns), not in module order. Correct: the program compiles and returns 2,3 (NumPy:
//   np.array([1, 2, 3, 4])[1:3]); the repair (the constant through a util.optimization_barrier, same
//   function-level affinity) does.
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --expected_output=2xi32=2,3

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main() -> tensor<2xi32> attributes {stream.affinity = #hal.device.affinity<@d0>} {
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %s = tensor.extract_slice %c[1] [2] [1] : tensor<4xi32> to tensor<2xi32>
  return %s : tensor<2xi32>
}
