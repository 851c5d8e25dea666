"""What the program asked for, read from the *input* IR before the compiler runs.

The compiled IR no longer has transfers: they have become copies. Which device pairs the program moved
data between is read here from the input's `stream.async.transfer` ops, so that a rule about transfers
(a flush or invalidate must make the moved data visible) applies only where the program transferred.
"""

from __future__ import annotations

from dataclasses import dataclass

from iree.compiler import ir

from oracles.affinity import devices_of

_TRANSFER = "stream.async.transfer"


@dataclass(frozen=True)
class Intent:
    # (writer device, reader device): data written on the first is moved to the second by a transfer.
    moves: frozenset[tuple[str, str]]


def read_intent(module: ir.Module) -> Intent:
    moves: set[tuple[str, str]] = set()

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == _TRANSFER:
            moves.update(_moves_of(op))
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return Intent(frozenset(moves))


def _moves_of(op: ir.Operation) -> set[tuple[str, str]]:
    attrs = op.attributes
    source = devices_of(attrs["source_affinity"]) if "source_affinity" in attrs else None
    target = devices_of(attrs["target_affinity"]) if "target_affinity" in attrs else None
    execution = devices_of(attrs["execution_affinity"]) if "execution_affinity" in attrs else _enclosing(op)
    moves: set[tuple[str, str]] = set()
    if execution is None:  # flat IR: the pipeline picks where it runs; data goes from source to target
        moves.update((s, t) for s in source or () for t in target or () if s != t)
        return moves
    moves.update((s, e) for s in source or () for e in execution if s not in execution)  # pulled in
    moves.update((e, t) for t in target or () for e in execution if t not in execution)  # pushed out
    return moves


def _enclosing(op: ir.Operation) -> frozenset[str] | None:
    parent = op.parent
    while parent is not None and parent.name != "builtin.module":
        if parent.name == "stream.async.execute" and "affinity" in parent.attributes:
            return devices_of(parent.attributes["affinity"])
        parent = parent.parent
    return None
