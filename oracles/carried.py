"""`timeline/carried-before-ready`: a resource carried through a block argument with its timepoint is
used only after that timepoint.

PropagateTimepoints expands every resource value into a (resource, timepoint) pair: the timepoint says
when the resource is ready. A resource block argument of a branch target or of a loop body (cf blocks,
scf.for's body, scf.while's regions) gets a `!stream.timepoint` block argument inserted right after it
(`expandRegion`; taken here as the first timepoint argument after it, before any other resource
argument), and each edge passes the incoming resource's timepoint. Since 3.10 (PR #22611) a loop-carried
pair gets no await at the top of the body (`expandRegionBranchOp`'s `wrapExpandedBlockArgFn`): a consumer
must await the carried timepoint itself. So every `stream.cmd.execute` (and `stream.async.execute`, in the
pass's own output) capturing such a block argument, directly or through a choice (`arith.select`), a
subview or an optimization barrier, waits on a timepoint covering the carried one, or the host awaited it
before issuing the execute. Otherwise iteration k+1's execute may read what iteration
k's execute is still writing. "Covering" is `timepoints.Timeline`'s, the one definition the lifetime rules
use; a resource reached through an await's result is the await's business (the host waited), not judged.

Not judged: a function's entry block (a private function's (resource, timepoint) arguments come with the
awaits expandFuncOp inserts), a block argument with no timepoint argument of its own after it (a release
that carries none: before 3.10 the loop awaited on the host inside the body), host uses.
"""

from __future__ import annotations

from collections.abc import Iterator

from iree.compiler import ir

from .rules import Rule, Violation
from .timepoints import Timeline

_FUNCTIONS = ("util.func", "util.initializer", "func.func")
# The executes judged: the scheduled ones, and the pre-scheduled ones of PropagateTimepoints' own output.
_EXECUTES = ("stream.cmd.execute", "stream.async.execute")


def carried_ready(module: ir.Module, timeline: Timeline | None = None) -> Iterator[Violation]:
    executes: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name in _EXECUTES:
            executes.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    if not executes:
        return
    timeline = timeline or Timeline()
    for order, execute in enumerate(executes):
        awaited = execute.opview.await_timepoint
        seen: set[tuple[ir.Value, ir.Value]] = set()
        for operand in execute.opview.resource_operands:
            for argument, carried in carried_timepoints(operand):
                if (argument, carried) in seen:
                    continue
                seen.add((argument, carried))
                if timeline.reached_by(awaited, execute, carried) is False:
                    yield _violation(execute, operand, argument, carried, order)


def carried_timepoints(value: ir.Value) -> list[tuple[ir.Value, ir.Value]]:
    """The (block argument, its carried timepoint) pairs `value` may be, seen through choices, subviews
    and barriers (not through awaits: a host await's result is ready once the host waited)."""
    found: list[tuple[ir.Value, ir.Value]] = []
    frontier, visited = [value], set()
    while frontier:
        current = frontier.pop()
        if current in visited:
            continue
        visited.add(current)
        owner = current.owner
        if isinstance(owner, ir.Block):
            carried = _paired_timepoint(ir.BlockArgument(current))
            if carried is not None:
                found.append((current, carried))
            continue
        op = owner.operation
        if op.name == "arith.select":
            frontier.extend(op.operands[1:3])
        elif op.name == "stream.resource.subview":
            frontier.append(op.operands[0])
        elif op.name == "util.optimization_barrier":
            frontier.append(op.operands[ir.OpResult(current).result_number])
    return found


def _paired_timepoint(argument: ir.BlockArgument) -> ir.Value | None:
    """The `!stream.timepoint` argument PropagateTimepoints put after `argument`: the first one after it,
    before any other resource argument. None in a function's entry block, or when there is none."""
    block = argument.owner
    if block == block.region.blocks[0] and block.owner.name in _FUNCTIONS:
        return None
    arguments = list(block.arguments)
    for later in arguments[argument.arg_number + 1 :]:
        kind = str(later.type)
        if kind == "!stream.timepoint":
            return later
        if kind.startswith("!stream.resource"):
            return None
    return None


def _violation(
    execute: ir.Operation, operand: ir.Value, argument: ir.Value, carried: ir.Value, order: int
) -> Violation:
    text = str(execute).strip().splitlines()[0]
    via = "direct" if operand == argument else "select"
    return Violation(
        rule=Rule.CARRIED,
        message=(
            f"{operand.get_name()} is captured by an execute that does not await {carried.get_name()}, the "
            f"timepoint carried with {argument.get_name()}"
            + (f" (through {operand.owner.operation.name})" if via != "direct" else "")
        ),
        op=text if len(text) <= 240 else text[:237] + "...",
        location=str(execute.location),
        resource=operand.get_name(),
        consumers=(),
        placed_on="",
        op_name=execute.name,
        storage_kind="block-argument",
        storage=argument.get_name(),
        uses=("execute",),
        via="block-argument",
        order=order,
    )
