"""Unplaced dispatches: where the storage of a dispatch left without a device is placed, read from L3's
stream-phase IR when a later phase rejects the program.

ConvertToStream gives a dispatch the execution affinity AffinityAnalysis::lookupExecutionAffinity finds
(Stream/Analysis/Affinity.cpp). OpAffinityPVS::updateOperation collects the affinities of the op's operand
producers only. Two different sets leave the dispatch without `on(...)`:

- an empty set (the dispatch reads only unplaced values, e.g. constants): tryLookupExecutionAffinity falls
  back to tryLookupDefaultAffinity and, with no `stream.affinity.default`, finds nothing;
- producers on two devices (a tied target an export pins to one device, an operand on another):
  trySelectLeadAffinity returns null because AffinityAttr::areCompatible says no.

When no placed neighbour lends the execute holding it a device, HAL conversion fails on its executable
("failed to legalize operation 'stream.executable'"). The two causes give the same diagnostic, so its
signature cannot tell them apart; the storage the execute binds can: placed on two or more devices for
the second cause, on at most one for the first. `describe` writes that as a line of the finding's details,
which the symptoms `dispatch-on-unplaced-producers` and `dispatch-producers-on-two-devices` read.
"""

from __future__ import annotations

import re

from iree.compiler import ir

from stream_fuzz.interrupts import not_interruptible
from stream_fuzz.oracles.sanitize import parse_compiled

# The line a finding's details carry; the symptoms parse it back (`devices_of_line`).
PREFIX = "unplaced dispatch "
# The diagnostic prints the rejected op generically; its symbol is all that is read from it.
_EXECUTABLE = re.compile(r"'stream\.executable'.*?sym_name = \"([^\"]+)\"")
_DEVICE = re.compile(r"@([\w.$-]+)")
_MAX_AWAITS = 8  # stream.timepoint.await hops followed back to the op that places a storage


def failing_executables(errors: list[str] | tuple[str, ...]) -> list[str]:
    """The executables HAL conversion could not legalize, as the diagnostics name them."""
    return [m.group(1) for line in errors if (m := _EXECUTABLE.search(line))]


@not_interruptible
def describe(stream_ir: str, errors: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """One line per failing executable dispatched from an execute without `on(...)`: the devices of the
    storage that execute binds ("no device" when none is placed). () when the IR does not read back."""
    executables = list(dict.fromkeys(failing_executables(errors)))
    if not executables:
        return ()
    try:
        module = parse_compiled(stream_ir, ir.Context())
    except ir.MLIRError:
        return ()
    executes = _unplaced_executes(module)
    said = []
    for executable in executables:
        devices = unplaced_devices(executes, executable)
        if devices is not None:
            where = ", ".join(f"@{d}" for d in sorted(devices)) or "no device"
            said.append(
                f"{PREFIX}@{executable}: its execute has no affinity and binds storage placed on {where}"
            )
    return tuple(said)


def _unplaced_executes(module: ir.Module) -> list[ir.Operation]:
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == "stream.cmd.execute" and "affinity" not in op.attributes:
            found.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found


def unplaced_devices(executes: list[ir.Operation], executable: str) -> set[str] | None:
    """The devices of the storage bound by every execute of `executes` (those without `on(...)`) that
    dispatches `@executable`; None when none does."""
    found: set[str] | None = None
    for execute in executes:
        if not _dispatches(execute, executable):
            continue
        found = set() if found is None else found
        for value in execute.opview.resource_operands:
            found |= _devices_of(value)
    return found


def _dispatches(execute: ir.Operation, executable: str) -> bool:
    hit = False

    def visit(op: ir.Operation) -> ir.WalkResult:
        nonlocal hit
        if op.name == "stream.cmd.dispatch" and f"@{executable}::" in str(op.attributes["entry_points"]):
            hit = True
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    execute.walk(visit)
    return hit


def _devices_of(value: ir.Value) -> set[str]:
    """The devices in the affinity of the op defining `value`, through `stream.timepoint.await`; none for
    a block argument."""
    for _ in range(_MAX_AWAITS):
        owner = value.owner
        if isinstance(owner, ir.Block):
            return set()
        if owner.name != "stream.timepoint.await":
            if "affinity" not in owner.attributes:
                return set()
            return set(_DEVICE.findall(str(owner.attributes["affinity"])))
        value = owner.opview.resource_operands[ir.OpResult(value).result_number]
    return set()


def devices_of_line(line: str) -> tuple[str, ...] | None:
    """The devices a `describe` line names, or None for another line."""
    if not line.startswith(PREFIX):
        return None
    placed = line.rsplit(" placed on ", 1)[-1]
    return () if placed == "no device" else tuple(d.strip() for d in placed.split(","))
