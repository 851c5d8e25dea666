"""Placement rules over `Facts`. Each rule has a stable id and yields `Violation`s.

A rule speaks only where the facts are known: storage or ops without an affinity are counted as unknown by
`check`, never guessed at. Every rule is shown in tests to pass the real compiler's output and to catch a
mutant of it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from iree.compiler import ir

from oracles.affinity import Devices
from oracles.facts import Access, Facts, Range, Storage


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
    order: int = 0  # program order, for a deterministic report

    def to_json(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "order"}

    def __str__(self) -> str:
        return f"[{self.rule}] {self.message}\n    at {self.location}: {self.op}"


def _first_line(op: ir.Operation) -> str:
    text = str(op).strip().splitlines()[0]
    return text if len(text) <= 240 else text[:237] + "..."


def _violation(
    rule: str, message: str, access: Access, storage: Storage | None, consumers: Devices | None
) -> Violation:
    resource = access.resource
    if storage is not None and storage.name != access.resource:
        resource = f"{access.resource} (storage {storage.name})"
    return Violation(
        rule,
        message,
        _first_line(access.op),
        str(access.op.location),
        resource,
        tuple(sorted(consumers or ())),
        storage.affinity if storage else "",
        access.op.name,
        storage.kind if storage else "",
        tuple(sorted(storage.devices or ())) if storage else (),
        access.order,
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
    """Every storage a device touches must be placed where that device can use it."""
    for access in facts.accesses:
        if access.kind not in _SERVE_RULES or access.devices is None:
            continue
        rule, what = _SERVE_RULES[access.kind]
        for storage_id in sorted(access.storages):
            storage = facts.storage(storage_id)
            if storage.devices is None:
                continue
            missing = sorted(d for d in access.devices if not facts.topology.serves(storage.devices, d))
            for device in missing:
                message = (
                    f"{access.resource} is {what.format(consumer='@' + device)} but its storage "
                    f"{storage.name} ({storage.kind}) is placed on {storage.affinity}"
                )
                yield _violation(rule, message, access, storage, access.devices)


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


def transferred_data_is_visible(facts: Facts) -> Iterator[Violation]:
    """Data the program transferred from device W to device R must be made visible to R: a flush to R in
    the execute on W that wrote it, or an invalidate from W in the execute on R that reads it (unless a
    topology link lets R use W's memory directly).

    A transfer lands as a copy: the writer wrote the resource with `stream.cmd.copy` (pushed) or the
    reader reads it with one (pulled). Other cross-device reads are legal without a flush when the
    allocation is shared, so they are not judged. With the input's intent, only device pairs the program
    transferred between count; without it, every such copy is presumed to be a transfer.
    """
    moves = facts.intent.moves if facts.intent is not None else None
    by_storage: dict[int, list[Access]] = {}
    for access in facts.accesses:
        if access.execute is not None:
            for storage_id in access.storages:
                by_storage.setdefault(storage_id, []).append(access)
    for storage_id, accesses in sorted(by_storage.items()):
        flushed: dict[int, set[str]] = {}  # execute -> devices its flushes name
        invalidated: dict[int, set[str]] = {}  # execute -> devices its invalidates name
        for access in accesses:
            if access.kind in ("flush", "invalidate"):
                table = flushed if access.kind == "flush" else invalidated
                table.setdefault(access.execute, set()).update(access.devices or ())
        captures = sorted((a for a in accesses if a.kind in ("read", "write")), key=lambda a: a.execute)
        for i, writer in enumerate(captures):
            if writer.kind != "write" or writer.devices is None:
                continue
            for reader in captures[i + 1 :]:
                if reader.devices is None:
                    continue
                if writer.by_copy or reader.copy_source:
                    for device in sorted(reader.devices - writer.devices):
                        if moves is not None and not any((w, device) in moves for w in writer.devices):
                            continue  # not a pair the program transferred between
                        visible = device in flushed.get(writer.execute, ()) or bool(
                            writer.devices & invalidated.get(reader.execute, set())
                        )
                        linked = any((w, device) in facts.topology.sharing for w in writer.devices)
                        if not visible and not linked:
                            yield _invisible(writer, device, facts.storage(storage_id))
                if reader.kind == "write":
                    break  # later readers see this writer's data, judged from there


def _invisible(writer: Access, device: str, storage: Storage) -> Violation:
    writers = ", ".join("@" + d for d in sorted(writer.devices or ()))
    message = (
        f"{writer.resource} is written on {writers} and next read on @{device}, "
        f"with no flush to @{device} nor invalidate from {writers}"
    )
    found = _violation("visibility/transfer", message, writer, storage, {device})
    return dataclasses.replace(found, writers=tuple(sorted(writer.devices or ())))


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
    if a.offset == b.offset:
        return True  # same start: overlapping unless empty
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
    transferred_data_is_visible,
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
