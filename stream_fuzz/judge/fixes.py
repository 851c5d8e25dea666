"""Plausible fixes: the faulty output as a compiler without the bug could have printed it.

A corpus entry's CHECK lines must fail on the faulty output and pass on a fixed one. Nobody has the fixed
compiler yet, so each violation is repaired the way its rule says the output should be, through the
`iree.compiler.ir` bindings:

- misplaced storage (placement/*, intent/expect, dealloca/pool): the alloca (or constants) is placed for
  every device that uses it, `#hal.device.optimal<[...]>` over them, and its deallocas with it;
- visibility/transfer: a flush to the reader after each copy the culprit execute makes into the storage;
- wave/race: the racing member is moved out of its wave, after it;
- copy/overlap: the copy of bytes onto themselves is dropped (a copy that overlaps otherwise has no fix);
- placement/channel: the channel is created on the device whose execute runs the collective.

`plausible_fix(output, violations)` returns the fixed IR text, or None when a violation has no such fix.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal, assert_never, get_args

from iree.compiler import ir

from stream_fuzz.interrupts import not_interruptible
from stream_fuzz.oracles import Rule, Violation
from stream_fuzz.oracles.facts import PLACED_BY_COMPILER

if TYPE_CHECKING:  # annotations only: no runtime dependency on typing_extensions (TypeIs is 3.13's)
    from typing_extensions import TypeIs

_STORAGE_OPS = tuple(PLACED_BY_COMPILER.values())

# The rules whose violations have no one repair of the final output to derive, and so no CHECK lines
# derived from one (`checklines`); each entry proves them otherwise. A clobbered read is a fact of the async
# IR on the way (`checklines.clobber_lines`); a result on the wrong device is shown by a run (L3's
# witness); IREE's checkers state their own rule in the RUN line that runs them. A borrowed import's write
# has no one repair (a copy where? its write moved to a new alloca, and every later reader with it), and an
# input written shows in a run. Nor has a pinned global worked on elsewhere (a transfer first, or the work
# moved?), or a transient used outside its life (an await added, a dealloca moved, or the use moved?), nor a
# returned value its fence does not cover (a join added to which fence, or the write moved before it?).
# Each rule is named once, here or in `DerivedFix` (the rules a repair is derived for, which `fix_of` and
# `checklines.candidate_groups` handle in a `match` mypy holds to be exhaustive); a test holds the two to
# cover every Rule.
NoDerivedFix = Literal[
    Rule.CLOBBER,
    Rule.RESULT,
    Rule.AFFINITY,
    Rule.ACCESS_RANGE,
    Rule.BORROWED,
    Rule.INPUT,
    Rule.PINNED_GLOBAL,
    Rule.AFTER_DEALLOCA,
    Rule.BEFORE_ALLOCA,
    Rule.RETURN_FENCE,
    Rule.CARRIED,
]
DerivedFix = Literal[
    Rule.READ,
    Rule.WRITE,
    Rule.EXPORT,
    Rule.FLUSH,
    Rule.INVALIDATE,
    Rule.EXPECT,
    Rule.DEALLOCA,
    Rule.TRANSFER,
    Rule.RACE,
    Rule.OVERLAP,
    Rule.CHANNEL,
]
NO_DERIVED_FIX: frozenset[Rule] = frozenset(get_args(NoDerivedFix))
DERIVED_FIX: frozenset[Rule] = frozenset(get_args(DerivedFix))


def has_derived_fix(rule: Rule) -> TypeIs[DerivedFix]:
    return rule in DERIVED_FIX


@not_interruptible
def plausible_fix(output: str, violations: tuple[Violation, ...]) -> str | None:
    context = ir.Context()
    try:
        module = ir.Module.parse(output, context)
    except ir.MLIRError:
        return None
    for violation in violations:
        fix = fix_of(violation.rule)
        if fix is None or not fix(module, violation):
            return None
    return str(module)


@not_interruptible
def all_ops(module: ir.Module) -> list[ir.Operation]:
    """Every op of `module`, in the order MLIR's walk visits them."""
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        found.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found


def _affinity(devices: list[str], context: ir.Context) -> ir.Attribute:
    if len(devices) == 1:
        return ir.Attribute.parse(f"#hal.device.affinity<@{devices[0]}>", context)
    members = ", ".join(f"#hal.device.affinity<@{d}>" for d in devices)
    return ir.Attribute.parse(f"#hal.device.optimal<[{members}]>", context)


def place_for_users(module: ir.Module, violation: Violation) -> bool:
    """The storage is allocated for its placement and its consumers together (its deallocas too)."""
    storage = _storage_op(module, violation.storage)
    if storage is None:
        return False
    devices = sorted(set(violation.placed_devices) | set(violation.consumers))
    affinity = _affinity(devices, module.context)
    storage.attributes["affinity"] = affinity
    for use in storage.results[0].uses:
        if use.owner.name == "stream.resource.dealloca" and "affinity" in use.owner.attributes:
            use.owner.attributes["affinity"] = affinity
    return True


def _storage_op(module: ir.Module, name: str) -> ir.Operation | None:
    if not name:
        return None
    for op in all_ops(module):
        if op.name in _STORAGE_OPS and any(result.get_name() == name for result in op.results):
            return op
    return None


def flush_to_reader(module: ir.Module, violation: Violation) -> bool:
    """After each copy the culprit execute makes into the storage, a flush to each reader."""
    execute = _op_printed_as(module, violation.op, "stream.cmd.execute")
    if execute is None:
        return False
    flushed = False
    for op in nested_ops(execute):
        if op.name != "stream.cmd.copy":
            continue
        view = op.opview
        for reader in violation.consumers:
            ir.Operation.create(
                "stream.cmd.flush",
                operands=[view.target, view.target_size, view.target_offset, view.length],
                attributes={"source_affinity": _affinity([reader], module.context)},
                loc=op.location,
                ip=ir.InsertionPoint.after(op),
            )
            flushed = True
    return flushed


def move_out_of_wave(module: ir.Module, violation: Violation) -> bool:
    """The second racing command (the one the violation names) leaves its wave and runs after it."""
    command = _op_printed_as(module, violation.op, violation.op_name)
    if command is None:
        return False
    member, wave = command, command.parent
    while wave is not None and wave.name != "stream.cmd.concurrent":
        member, wave = wave, wave.parent
    if wave is None:
        return False
    member.move_after(wave)
    return True


def _op_printed_as(module: ir.Module, first_line: str, name: str) -> ir.Operation | None:
    for op in all_ops(module):
        if op.name == name and str(op).strip().splitlines()[0].startswith(first_line.removesuffix("...")):
            return op
    return None


def nested_ops(op: ir.Operation) -> list[ir.Operation]:
    """Every op inside `op`'s regions, outer before inner (Python's own walk: no visitor under C++)."""
    found: list[ir.Operation] = []
    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                found.append(child.operation)
                found.extend(nested_ops(child.operation))
    return found


def channel_for_its_collective(module: ir.Module, violation: Violation) -> bool:
    for op in all_ops(module):
        if op.name == "stream.channel.create" and op.results[0].get_name() == violation.storage:
            op.attributes["affinity"] = _affinity(list(violation.consumers), module.context)
            return True
    return False


def drop_identity_copy(module: ir.Module, violation: Violation) -> bool:
    if "copy:identity" not in violation.uses:
        return False
    copy = _op_printed_as(module, violation.op, "stream.cmd.copy")
    if copy is None:
        return False
    copy.erase()
    return True


Fix = Callable[[ir.Module, Violation], bool]


def fix_of(rule: Rule) -> Fix | None:
    """How the output is repaired for `rule`, or None where no repair of the final output states the
    correct one (`NoDerivedFix`)."""
    if not has_derived_fix(rule):
        return None
    match rule:
        case (
            Rule.READ | Rule.WRITE | Rule.EXPORT | Rule.FLUSH | Rule.INVALIDATE | Rule.EXPECT | Rule.DEALLOCA
        ):
            return place_for_users
        case Rule.TRANSFER:
            return flush_to_reader
        case Rule.RACE:
            return move_out_of_wave
        case Rule.OVERLAP:
            return drop_identity_copy
        case Rule.CHANNEL:
            return channel_for_its_collective
        case _:
            assert_never(rule)
