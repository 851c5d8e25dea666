"""Placement rules over `Facts`. Each rule has a stable id and yields `Violation`s.

A rule speaks only where the facts are known: storage or ops without an affinity are counted as unknown by
`check`, never guessed at. Every rule is shown in tests to pass the real compiler's output and to catch a
mutant of it.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from iree.compiler import ir

from .affinity import Devices
from .facts import Access, Facts, Range, Storage


@dataclass(frozen=True)
class Violation:
    rule: str  # stable id, e.g. "placement/read"
    message: str  # one line for humans
    op: str  # the offending op, first line as printed
    location: str
    resource: str  # the resource as named at the op, and its storage
    consumers: tuple[str, ...]  # devices that consume it
    placed_on: str  # the affinity its storage got
    op_name: str = ""  # e.g. stream.cmd.execute: part of a finding's signature
    storage_kind: str = ""  # alloca, constants, import, ...
    placed_devices: tuple[str, ...] = ()  # the devices `placed_on` names
    writers: tuple[str, ...] = ()  # visibility: the devices that wrote the data
    uses: tuple[str, ...] = ()  # how the offending execute touches it, e.g. ("dispatch:r",)
    written_by: tuple[str, ...] = ()  # how other executes wrote the storage, e.g. ("copy:w",)
    order: int = 0  # program order, for a deterministic report

    def to_json(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "order"}

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}\n    at {self.location}: {self.op}"


def _first_line(op: ir.Operation) -> str:
    text = str(op).strip().splitlines()[0]
    return text if len(text) <= 240 else text[:237] + "..."


def _violation(
    rule: str,
    message: str,
    access: Access,
    storage: Storage | None,
    consumers: Devices | None,
    facts: Facts | None = None,
) -> Violation:
    resource = access.resource
    if storage is not None and storage.name != access.resource:
        resource = f"{access.resource} (storage {storage.name})"
    written_by: set[str] = set()
    if facts is not None and storage is not None:  # how the data got there: part of the bug's shape
        for other in facts.accesses:
            if other.execute != access.execute and storage.id in other.storages:
                written_by.update(use for use in other.uses if use.endswith(":w"))
    return Violation(
        rule=rule,
        message=message,
        op=_first_line(access.op),
        location=str(access.op.location),
        resource=resource,
        consumers=tuple(sorted(consumers or ())),
        placed_on=storage.affinity if storage else "",
        op_name=access.op.name,
        storage_kind=storage.kind if storage else "",
        placed_devices=tuple(sorted(storage.devices or ())) if storage else (),
        # Only the touches that matter for the rule: a write's writes, a read's reads.
        uses=tuple(u for u in access.uses if u.endswith(":w" if rule == "placement/write" else ":r"))
        if rule in ("placement/read", "placement/write")
        else access.uses,
        written_by=tuple(sorted(written_by)),
        order=access.order,
    )


# What each access kind means for the storage it touches.
_SERVE_RULES = {
    "read": ("placement/read", "captured for reading by an execute on {consumer}"),
    "write": ("placement/write", "written by an execute on {consumer}"),
    "flush": ("placement/flush", "flushed to {consumer} as its next reader"),
    "invalidate": ("placement/invalidate", "invalidated from {consumer} as its last writer"),
    "export": ("placement/export", "exported on {consumer}"),
    "expect": ("intent/expect", "must live on {consumer} (the program's intent)"),
}


def served_by_consumer(facts: Facts) -> Iterator[Violation]:
    """Every storage a device touches must be placed where that device can use it.

    One exception: a pulled transfer reads its source where it lives, after an invalidate from that
    device; reading another device's memory is then the point, not a misplacement.
    """
    pulled = {
        (access.execute, storage_id)
        for access in facts.accesses
        if access.kind == "invalidate"
        for storage_id in access.storages
    }
    for access in facts.accesses:
        if access.kind not in _SERVE_RULES or access.devices is None:
            continue
        rule, what = _SERVE_RULES[access.kind]
        for storage_id in sorted(access.storages):
            storage = facts.storage(storage_id)
            if storage.devices is None:
                continue
            if access.kind == "read" and (access.execute, storage_id) in pulled:
                continue
            if access.kind == "flush" and _only_used_by(storage, _enclosing_execute(access.op)):
                continue  # a flush of memory no other device ever sees is redundant, not misplaced
            missing = sorted(d for d in access.devices if not facts.topology.serves(storage.devices, d))
            for device in missing:
                message = (
                    f"{access.resource} is {what.format(consumer='@' + device)} but its storage "
                    f"{storage.name} ({storage.kind}) is placed on {storage.affinity}"
                )
                yield _violation(rule, message, access, storage, access.devices, facts)


def _enclosing_execute(op: ir.Operation) -> ir.Operation | None:
    while op.name != "stream.cmd.execute":
        parent = op.parent
        if parent is None:
            return None
        op = parent.operation
    return op


def _only_used_by(storage: Storage, execute: ir.Operation | None) -> bool:
    """The storage lives and dies around one execute: captured by it, otherwise only deallocated."""
    if execute is None:
        return False
    return all(use.owner.operation == execute or use.owner.name == "stream.resource.dealloca"
               for use in storage.value.uses)


def dealloca_matches_alloca(facts: Facts) -> Iterator[Violation]:
    """A dealloca must return memory to the pool (device set) its alloca took it from."""
    for access in facts.accesses:
        if access.kind != "dealloca" or access.devices is None:
            continue
        for storage_id in sorted(access.storages):
            storage = facts.storage(storage_id)
            if storage.kind == "alloca" and storage.devices is not None and storage.devices != access.devices:
                message = (
                    f"{access.resource} is deallocated on {access.affinity} but was allocated on "
                    f"{storage.affinity}"
                )
                yield _violation("dealloca/pool", message, access, storage, access.devices)


def transfers_are_made_visible(facts: Facts) -> Iterator[Violation]:
    """Every transfer the program makes from device W to device R is made visible to R in the output: a
    flush to R in an execute on W (push) or an invalidate from W in an execute on R (pull), unless a
    topology link lets R use W's memory directly (then the compiler may drop the transfer altogether).

    The output no longer says which copy was a transfer (a clone lowers to the same copy), so the rule
    counts per device pair: the program's transfers from W to R (its intent, read from the input) against
    the flushes and invalidates for that pair. It needs the intent; without it the rule does not run.
    """
    if facts.intent is None:
        return
    made_visible: Counter[tuple[str, str]] = Counter()
    for access in facts.accesses:
        if access.kind not in ("flush", "invalidate") or access.execute is None:
            continue
        executing = facts.execute_devices[access.execute] or frozenset()
        for named in access.devices or ():
            for device in executing:
                pair = (device, named) if access.kind == "flush" else (named, device)
                made_visible[pair] += 1
    for (writer, reader), wanted in sorted(facts.intent.moves.items()):
        if (writer, reader) in facts.topology.sharing or made_visible[(writer, reader)] >= wanted:
            continue
        yield _invisible(facts, writer, reader, wanted, made_visible[(writer, reader)])


def _invisible(facts: Facts, writer: str, reader: str, wanted: int, found: int) -> Violation:
    """Point at the first execute on the writer that hands data to the reader (the likely culprit)."""
    culprit = next(
        (
            a
            for a in facts.accesses
            if a.kind == "write"
            and "copy:w" in a.uses
            and a.devices
            and writer in a.devices
            and _read_on(facts, a, reader)
        ),
        None,
    )
    message = (
        f"the program moves data from @{writer} to @{reader} {wanted} time(s); the output makes it visible"
        f" {found} time(s) (flushes to @{reader} on @{writer}, invalidates from @{writer} on @{reader})"
    )
    if culprit is None:
        return Violation("visibility/transfer", message, "", "", "", (reader,), "", writers=(writer,))
    storage = facts.storage(min(culprit.storages)) if culprit.storages else None
    found_violation = _violation("visibility/transfer", message, culprit, storage, {reader}, facts)
    return dataclasses.replace(found_violation, writers=(writer,))


def _read_on(facts: Facts, write: Access, device: str) -> bool:
    """Some later execute on `device` reads storage that `write` wrote."""
    return any(
        a.execute is not None
        and a.execute > (write.execute or 0)
        and a.kind in ("read", "write")
        and a.devices
        and device in a.devices
        and a.storages & write.storages
        for a in facts.accesses
    )


def waves_are_race_free(facts: Facts) -> Iterator[Violation]:
    """Inside one stream.cmd.concurrent, no two members touch provably overlapping bytes of one resource
    when either writes. Symbolic ranges that cannot be compared are given the benefit of the doubt."""
    for wave in facts.waves:
        members = wave.members
        for i, first in enumerate(members):
            for second in members[i + 1 :]:
                for a in first:
                    for b in second:
                        if (a.writes or b.writes) and a.value == b.value and _overlap(a, b):
                            yield _race(a, b)


def _race(a: Range, b: Range) -> Violation:
    name = a.value.get_name()
    message = (
        f"{name} is touched by two members of one concurrent wave, and one writes: "
        f"'{_first_line(a.op)}' and '{_first_line(b.op)}'"
    )
    return Violation("wave/race", message, _first_line(b.op), str(b.op.location), name, (), "", b.op.name)


def _overlap(a: Range, b: Range) -> bool:
    if _constant(a.length) == 0 or _constant(b.length) == 0:
        return False  # an empty range touches no bytes
    if a.offset == b.offset:
        return True  # same start, neither empty
    bounds = [_constant(v) for v in (a.offset, a.length, b.offset, b.length)]
    if None in bounds:
        return False
    a0, alen, b0, blen = bounds
    return a0 < b0 + blen and b0 < a0 + alen


def _constant(value: ir.Value) -> int | None:
    owner = value.owner
    if not isinstance(owner, ir.Block) and owner.name == "arith.constant":
        return ir.IntegerAttr(owner.attributes["value"]).value
    return None


RULES: tuple[Callable[[Facts], Iterator[Violation]], ...] = (
    served_by_consumer,
    dealloca_matches_alloca,
    transfers_are_made_visible,
    waves_are_race_free,
)
RULE_IDS = (
    "placement/read",
    "placement/write",
    "placement/flush",
    "placement/invalidate",
    "placement/export",
    "intent/expect",
    "dealloca/pool",
    "visibility/transfer",
    "wave/race",
)
