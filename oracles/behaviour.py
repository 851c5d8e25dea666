"""What the compiler did with a program: labels and measures of its compiled output.

The generator's own labels (`generators.features`) say what a program asks for; these say what the
compiler made of it: waves formed, slabs packed, optimal allocations, flushes (pushes) and invalidates
(pulls), copies made, executes per device. A campaign records them as Hypothesis events and targets
(`steering.steer_by_behaviour`), so the search also moves toward compiler behaviour seldom seen, and
`run` and `stats` print their shares next to the input features.
"""

from __future__ import annotations

from collections import Counter

from iree.compiler import ir

from .facts import Facts

_COUNTED = (
    "stream.resource.pack",
    "stream.resource.subview",
    "stream.cmd.collective",
    "stream.cmd.parameter.load",
    "stream.resource.load",
    "stream.resource.store",
    "cf.cond_br",
)

# Measures are small counts; Hypothesis maximizes each one separately.
MEASURES = ("out executes", "out devices with executes", "out waves", "out copies", "out flushes+invalidates")


def behaviour(facts: Facts, module: ir.Module) -> tuple[frozenset[str], dict[str, float]]:
    """Labels of the compiled output's shape, and the measures to climb."""
    labels: set[str] = set()
    per_device: Counter[str] = Counter()
    for devices in facts.execute_devices:
        for device in devices or ("<none>",):
            per_device[device] += 1
    if facts.execute_devices:
        labels.add(
            {1: "out_executes_on_1_device", 2: "out_executes_on_2_devices"}.get(
                len(per_device), "out_executes_on_3+_devices"
            )
        )
    if per_device and max(per_device.values()) >= 2:
        labels.add("out_several_executes_on_one_device")
    if facts.waves:
        labels.add("out_wave")
        if max(len(w.members) for w in facts.waves) >= 3:
            labels.add("out_wave_of_3+")
    kinds = Counter(a.kind for a in facts.accesses)
    if kinds["flush"]:
        labels.add("out_flush")  # a push: the writer makes its write visible to the reader
    if kinds["invalidate"]:
        labels.add("out_invalidate")  # a pull: the reader invalidates what the writer wrote
    copies = sum(1 for a in facts.accesses if "copy:w" in a.uses)
    if copies:
        labels.add("out_copy")
    if facts.same_resource_copies:
        labels.add("out_copy_within_a_resource")
    allocas = [s for s in facts.storages if s.kind == "alloca"]
    if any(s.devices is not None and len(s.devices) >= 2 for s in allocas):
        labels.add("out_alloca_for_several_devices")  # an optimal set, or a join of consumers
    ops = _op_counts(module)
    if ops["stream.resource.pack"] or ops["stream.resource.subview"]:
        labels.add("out_packed_slab")  # values given slices of one allocation
    if ops["stream.cmd.collective"]:
        labels.add("out_collective")
    if ops["stream.cmd.parameter.load"]:
        labels.add("out_parameter_load")
    if ops["stream.resource.load"] or ops["stream.resource.store"]:
        labels.add("out_host_load_store")  # staging memory read or written by the host
    if ops["cf.cond_br"]:
        labels.add("out_branches")  # loops and branches lowered to blocks
    measures = {
        "out executes": float(len(facts.execute_devices)),
        "out devices with executes": float(len(per_device)),
        "out waves": float(len(facts.waves)),
        "out copies": float(copies),
        "out flushes+invalidates": float(kinds["flush"] + kinds["invalidate"]),
    }
    return frozenset(labels), measures


def _op_counts(module: ir.Module) -> Counter[str]:
    counts: Counter[str] = Counter()

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name in _COUNTED:
            counts[op.name] += 1
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return counts
