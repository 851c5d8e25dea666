"""Placement rules over `Facts`. Each rule is a `Rule` (stable id, severity) and yields `Violation`s.

A rule speaks only where the facts are known: storage or ops without an affinity are counted as unknown by
`check`, never guessed at. Every rule is shown in tests to pass the real compiler's output and to catch a
mutant of it.
"""

from __future__ import annotations

import dataclasses
import enum
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from iree.compiler import ir

from .affinity import Devices
from .clobber import Clobber
from .facts import Access, ChannelUse, Facts, Range, Storage
from .marks import MARKS, STORE_WRITER, THROUGH_ALIAS, marks_of


class Severity(enum.StrEnum):
    """What a violation breaks at run time."""

    PLACEMENT = "placement"  # a device touches memory it cannot use: wrong results or a fault
    DATA = "data"  # a value is read after an op overwrote it in place: wrong results, in any order
    RACE = "race"  # two commands that may run at once touch the same bytes, one writing
    VISIBILITY = "visibility"  # flush/invalidate metadata: no effect in today's HAL lowering, latent
    INTENT = "intent"  # the program's recorded expectation; no device consumes the value


class Rule(enum.Enum):
    """Every rule, in priority order: the first one a finding breaks is the one it is filed under (where
    the memory is comes before what follows from it)."""

    READ = ("placement/read", Severity.PLACEMENT)
    WRITE = ("placement/write", Severity.PLACEMENT)
    EXPORT = ("placement/export", Severity.PLACEMENT)
    # L3: a result the program declares on a device (`iree.abi.affinity`) is handed over on another.
    RESULT = ("placement/abi-result", Severity.PLACEMENT)
    CHANNEL = ("placement/channel", Severity.PLACEMENT)
    FLUSH = ("placement/flush", Severity.VISIBILITY)
    INVALIDATE = ("placement/invalidate", Severity.VISIBILITY)
    TRANSFER = ("visibility/transfer", Severity.VISIBILITY)
    DEALLOCA = ("dealloca/pool", Severity.PLACEMENT)
    CLOBBER = ("async/clobbered-read", Severity.DATA)  # a race it causes comes second: it is the cause
    RACE = ("wave/race", Severity.RACE)
    OVERLAP = ("copy/overlap", Severity.RACE)
    EXPECT = ("intent/expect", Severity.INTENT)
    # IREE's own checkers (`checkers.py`), last: a program that also breaks a rule above keeps the
    # signature it had before they were run. An op without an affinity runs on the default device; an
    # access out of a resource's bounds reads or writes bytes that are not its.
    AFFINITY = ("checker/verify-affinities", Severity.PLACEMENT)
    ACCESS_RANGE = ("checker/async-access-ranges", Severity.DATA)
    # Newer rules after the checkers (a program breaking an older rule keeps its signature), before
    # BORROWED (a known frequent bug): a loaded immutable global worked on away from it (`pinned.py`).
    PINNED_GLOBAL = ("placement/pinned-global", Severity.PLACEMENT)
    # A non-consumed import borrows the caller's buffer: the program may read it, never write it
    # (`borrowed.py`); at L3 the run shows the same thing: an argument's buffer changed by the call. Last
    # too, for the same reason, and because 3.13 writes one wherever an import's only use writes it (a
    # corpus entry): placed first, that known bug would hide every other finding of those programs.
    BORROWED = ("import/borrowed-written", Severity.DATA)
    INPUT = ("abi/input-written", Severity.DATA)
    # A transient used after its dealloca or before its alloca's timepoint (`lifetime.py`), last of all:
    # 3.13 drops an execute's alloca timepoints wherever it captures a value the host awaited (a bug,
    # `tests/oracles/test_lifetime.py`; in ~1 of 5 L1 programs), which placed earlier would hide the rest.
    AFTER_DEALLOCA = ("lifetime/after-dealloca", Severity.DATA)
    BEFORE_ALLOCA = ("lifetime/before-alloca", Severity.DATA)
    # A returned resource written by an op its function's fence does not cover (`fences.py`): the newest
    # rule, last, so that a program breaking an older one keeps its signature.
    RETURN_FENCE = ("timeline/return-fence", Severity.DATA)
    # An execute capturing a resource carried through a block argument with its timepoint, without
    # awaiting that timepoint (`carried.py`): newer still, last.
    CARRIED = ("timeline/carried-before-ready", Severity.DATA)

    def __init__(self, rule_id: str, severity: Severity) -> None:
        self.id = rule_id
        self.severity = severity

    @classmethod
    def of(cls, rule_id: str) -> Rule:
        for rule in cls:
            if rule.id == rule_id:
                return rule
        raise ValueError(f"unknown rule {rule_id!r} (known: {', '.join(RULE_IDS)})")

    def __str__(self) -> str:
        return self.id


RULE_IDS = tuple(rule.id for rule in Rule)


@dataclass(frozen=True)
class Violation:
    """One broken rule at one op: plain data, so it crosses process boundaries as it is."""

    rule: Rule
    message: str  # one line for humans
    op: str  # the offending op, first line as printed
    location: str
    resource: str  # the resource as named at the op, and its storage
    consumers: tuple[str, ...]  # devices that consume it
    placed_on: str  # the affinity its storage got
    op_name: str = ""  # e.g. stream.cmd.execute: part of a finding's signature
    storage_kind: str = ""  # alloca, constants, import, ...
    storage: str = ""  # the storage's SSA name as printed, e.g. %result_0
    placed_devices: tuple[str, ...] = ()  # the devices `placed_on` names
    writers: tuple[str, ...] = ()  # visibility: the devices that wrote the data
    uses: tuple[str, ...] = ()  # how the offending execute touches it, e.g. ("dispatch:r",)
    touched_by: tuple[str, ...] = ()  # how the storage is touched elsewhere, e.g. ("copy:r", "export")
    # Part of a bug's shape: whether the user pinned the storage (imported, or exported on a device), and
    # how the value reaches the op, "direct" or through a "block-argument" (a loop or branch merge).
    pinned: bool = False
    via: str = ""
    order: int = 0  # program order, for a deterministic report
    # A clobbered read: where the printed async IR states it (`clobber.Clobber`'s scope_* fields: function,
    # writer op, the storage's name, the region argument it is captured as, the block's terminator, and
    # how many ops named like the writer come before it, the block's indentation). None for other rules.
    scope: tuple[str, str, str, str, str, int, int] | None = None
    # What the storage's neighbourhood shows about the cause (`marks.MARKS`): what a corpus entry's
    # symptom tests (stream_fuzz/judge/symptoms.py). Not part of a signature.
    marks: tuple[str, ...] = ()

    @property
    def severity(self) -> Severity:
        return self.rule.severity

    def to_json(self) -> dict:
        data = {k: v for k, v in dataclasses.asdict(self).items() if k not in ("order", "rule")}
        return {"rule": self.rule.id, "severity": self.severity.value, **data}

    def __str__(self) -> str:
        return f"[{self.rule.id}] ({self.severity}) {self.message}\n    at {self.location}: {self.op}"


def _first_line(op: ir.Operation) -> str:
    text = str(op).strip().splitlines()[0]
    return text if len(text) <= 240 else text[:237] + "..."


def _violation(
    rule: Rule,
    message: str,
    access: Access,
    storage: Storage | None,
    consumers: Devices | None,
    facts: Facts | None = None,
) -> Violation:
    resource = access.resource
    if storage is not None and storage.name != access.resource:
        resource = f"{access.resource} (storage {storage.name})"
    touched_by: set[str] = set()
    if facts is not None and storage is not None:  # how the data got there, where it goes
        for other in facts.accesses:
            if other is access or storage.id not in other.storages:
                continue
            if other.kind == "export":
                touched_by.add("export")
            elif other.execute is not None and other.execute != access.execute:
                touched_by.update(other.uses)
    pinned = facts is not None and storage is not None and storage.id in user_pinned(facts)
    uses = access.uses
    if rule in (Rule.READ, Rule.WRITE):  # only the touches that matter: a write's writes, a read's reads
        uses = tuple(u for u in access.uses if u.endswith(":w" if rule is Rule.WRITE else ":r"))
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
        storage=storage.name if storage else "",
        placed_devices=tuple(sorted(storage.devices or ())) if storage else (),
        uses=uses,
        touched_by=tuple(sorted(touched_by)),
        pinned=pinned,
        via=_arrival(access.value),
        order=access.order,
        marks=marks_of(facts, storage, access) if facts is not None and storage is not None else (),
    )


def _arrival(value: ir.Value) -> str:
    """How the touched value gets here, seen through awaits and subviews (a branch target awaits what
    its block argument brings): through a block argument (a branch or loop edge, or the function's own
    arguments), or directly from the op that made it."""
    while not isinstance(value.owner, ir.Block):
        op = value.owner.operation
        if op.name == "stream.timepoint.await":  # its results are its resource operands, in order
            value = op.operands[ir.OpResult(value).result_number]
        elif op.name == "stream.resource.subview":
            value = op.operands[0]
        else:
            return "direct"
    return "block-argument"


# What each access kind means for the storage it touches.
_SERVE_RULES = {
    "read": (Rule.READ, "captured for reading by an execute on {consumer}"),
    "write": (Rule.WRITE, "written by an execute on {consumer}"),
    "flush": (Rule.FLUSH, "flushed to {consumer} as its next reader"),
    "invalidate": (Rule.INVALIDATE, "invalidated from {consumer} as its last writer"),
    "export": (Rule.EXPORT, "exported on {consumer}"),
}


def user_pinned(facts: Facts) -> frozenset[int]:
    """Storage whose placement the user dictates: an imported buffer, or one the program hands out with
    `stream.tensor.export on(D)`. An export pins its allocation to D (upstream's answer in #21361: "if the
    export says a resource must be on a particular device then the result must be allocated there"), and
    a transfer of an external resource executes on its destination by design
    (`AsyncTransferOp::getDefaultExecutionAffinityAttr`): it reads the user's buffer where the user put it.
    Reads of such storage from another device are therefore not judged; writes still are."""
    pinned = {s.id for s in facts.storages if s.kind == "import"}
    for access in facts.accesses:
        if access.kind == "export":
            pinned.update(access.storages)
    return frozenset(pinned)


def served_by_consumer(facts: Facts) -> Iterator[Violation]:
    """Every storage a device touches must be placed where that device can use it.

    An invalidate does not make another device's memory reachable: it only orders visibility. So a
    pulling transfer (invalidate from S, then a copy on D) must read a source the compiler allocated to
    be usable from D as well (IREE's own e2e test `transfer_execution_placement.mlir`: the pulled
    transient "needs to be accessible from both devices"). Only reads of storage the user pinned are exempt
    (`user_pinned`).
    """
    pinned = user_pinned(facts)
    for access in facts.accesses:
        if access.kind not in _SERVE_RULES or access.devices is None:
            continue
        rule, what = _SERVE_RULES[access.kind]
        for storage_id in sorted(access.storages):
            storage = facts.storage(storage_id)
            if storage.devices is None:
                continue
            if access.kind == "read" and storage_id in pinned:
                continue
            missing = sorted(d for d in access.devices if not facts.topology.serves(storage.devices, d))
            for device in missing:
                if access.kind == "flush" and _never_reaches(facts, access, storage, device):
                    continue  # a flush of memory that device never sees is redundant, not misplaced
                if access.kind == "invalidate" and _never_written_by(facts, access, storage, device):
                    continue  # an invalidate of memory that device never wrote is redundant too
                message = (
                    f"{access.resource} is {what.format(consumer='@' + device)} but its storage "
                    f"{storage.name} ({storage.kind}) is placed on {storage.affinity}"
                )
                yield _violation(rule, message, access, storage, access.devices, facts)


def expectations_hold(facts: Facts) -> Iterator[Violation]:
    """`fuzz.expect` names the device(s) a value must be usable by. Several devices (the members of an
    optimal transfer target) mean memory on any one of them is right: the compiler may pick a member,
    and may fold the value into another that lives on one (a whole update folds to its update value)."""
    for access in facts.accesses:
        if access.kind != "expect" or access.devices is None:
            continue
        for storage_id in sorted(access.storages):
            storage = facts.storage(storage_id)
            if storage.devices is None:
                continue
            if any(facts.topology.serves(storage.devices, d) for d in access.devices):
                continue
            wanted = ", ".join(f"@{d}" for d in sorted(access.devices))
            message = (
                f"{access.resource} must live on {wanted} (the program's intent) but its storage "
                f"{storage.name} ({storage.kind}) is placed on {storage.affinity}"
            )
            yield _violation(Rule.EXPECT, message, access, storage, access.devices, facts)


def _never_reaches(facts: Facts, flush: Access, storage: Storage, device: str) -> bool:
    """Does the storage stay in this function (`_stays_here`) with no other execute on `device` touching
    it? Then nothing on `device` reads what the flush makes visible. Several executes may share it:
    ReuseAllocations hands a freed slab to a later alloca of the same device and size."""
    touched = any(
        other.kind in ("read", "write")
        and other.execute != flush.execute
        and storage.id in other.storages
        and device in (other.devices or ())
        for other in facts.accesses
    )
    return not touched and _stays_here(storage.value)


def _never_written_by(facts: Facts, invalidate: Access, storage: Storage, device: str) -> bool:
    """Is the storage memory this function allocates or imports (in a function without calls, so that
    every writer the compiler placed is one of its executes), written by no execute on `device`? Then an
    invalidate from `device` picks nothing up: the bytes are another device's (or the caller's, who
    placed an import), and whether their writer made them visible is `visibility/transfer`'s business.
    It happens where one value may hold two storages: a transfer after an scf.for takes its from() from
    the loop body, and on the zero-trip path the loop result is the init's memory
    (annotate_affinities.mlir @scf_for_boundary_transfer gives that transfer the body's device alone). And
    where a from() goes stale: an export pins a tied chain back to a transfer's result
    (Analysis/Affinity.cpp populatePinnedAffinities), the chain's other consumers get a transfer from the
    export's device, and once ElideAsyncCopies drops the clone between, that transfer pulls the import."""
    written = any(
        other.kind == "write"
        and other.execute != invalidate.execute
        and storage.id in other.storages
        and device in (other.devices or ())
        for other in facts.accesses
    )
    return not written and storage.kind in ("alloca", "import") and not _calls_in_function_of(storage.value)


_CALLS = frozenset({"util.call", "func.call"})


def _calls_in_function_of(value: ir.Value) -> bool:
    """Does the function that makes `value` call another? A callee may write the memory on any device,
    out of this check's sight; without calls, every writer of memory it allocates is in `facts`."""
    function = value.owner.operation if isinstance(value.owner, ir.OpView) else None
    while function is not None and function.name not in ("util.func", "func.func"):
        function = function.parent
    if function is None:
        return True  # nowhere to look: assume the worst

    def walk(op: ir.Operation) -> bool:
        return any(
            child.operation.name in _CALLS or walk(child.operation)
            for region in op.regions
            for block in region.blocks
            for child in block.operations
        )

    return walk(function)


# Uses that hand a resource on under another name (their result at the operand's index), and uses that
# end its trail in this function: an execute's capture, a dealloca, a host-side barrier or size query.
_HANDS_ON = frozenset({"stream.timepoint.await", "stream.resource.subview"})
_ENDS_HERE = frozenset(
    {"stream.cmd.execute", "stream.resource.dealloca", "util.optimization_barrier", "stream.resource.size"}
)


def _stays_here(value: ir.Value) -> bool:
    """Is every use of `value`, followed through awaits and subviews, one that ends in this function? A
    return, export, call, global store or loop hands it to code whose devices this check cannot see."""
    for use in value.uses:
        owner = use.owner
        if owner.name in _ENDS_HERE:
            continue
        if owner.name in _HANDS_ON:
            index = 0 if owner.name == "stream.resource.subview" else use.operand_number
            if index < len(owner.results) and _stays_here(owner.results[index]):
                continue
        return False
    return True


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
                yield _violation(Rule.DEALLOCA, message, access, storage, access.devices)


def collectives_use_their_devices_channel(facts: Facts) -> Iterator[Violation]:
    """A collective runs on the device its channel was created for: a HAL channel belongs to one device
    (its rank's), and the command buffer of another device cannot use it."""
    for use in facts.channel_uses:
        executes_on = facts.execute_devices[use.execute]
        if use.devices is None or executes_on is None or executes_on <= use.devices:
            continue
        yield _channel_violation(use, executes_on)


def _channel_violation(use: ChannelUse, executes_on: Devices) -> Violation:
    channel = use.channel.get_name()
    return Violation(
        rule=Rule.CHANNEL,
        message=(
            f"a collective on channel {channel} runs in an execute on "
            f"{', '.join('@' + d for d in sorted(executes_on))} but the channel is created on {use.attr}"
        ),
        op=_first_line(use.op),
        location=str(use.op.location),
        resource=channel,
        consumers=tuple(sorted(executes_on)),
        placed_on=str(use.attr),
        op_name=use.op.name,
        storage_kind="channel",
        storage=channel,
        placed_devices=tuple(sorted(use.devices or ())),
    )


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
        violation = _invisible(facts, writer, reader, wanted, made_visible[(writer, reader)])
        if violation is not None:
            yield violation


def _invisible(facts: Facts, writer: str, reader: str, wanted: int, found: int) -> Violation | None:
    """Point at where the data changes hands: the execute on the writer that copies it for the reader (a
    push), else the execute on the reader that reads what the writer wrote (a pull). None when no execute
    on the reader reads anything an execute on the writer wrote: nothing in the output needs the data
    visible there (the compiler may rightly have deleted a transfer whose result nobody awaits)."""
    handoffs = [(w, r) for w in _writes_on(facts, writer) for r in _later_reads_on(facts, w, reader)]
    if not handoffs:
        return None
    pushes = [w for w, _ in handoffs if "copy:w" in w.uses]
    culprit = pushes[0] if pushes else handoffs[0][1]
    message = (
        f"the program moves data from @{writer} to @{reader} {wanted} time(s); the output makes it visible"
        f" {found} time(s) (flushes to @{reader} on @{writer}, invalidates from @{writer} on @{reader})"
    )
    storage = facts.storage(min(culprit.storages)) if culprit.storages else None
    found_violation = _violation(Rule.TRANSFER, message, culprit, storage, frozenset({reader}), facts)
    return dataclasses.replace(found_violation, writers=(writer,))


def _writes_on(facts: Facts, device: str) -> list[Access]:
    return [
        a
        for a in facts.accesses
        if a.kind == "write" and a.execute is not None and device in (a.devices or ())
    ]


def _later_reads_on(facts: Facts, write: Access, device: str) -> list[Access]:
    """Accesses of later executes on `device` to storage that `write` wrote."""
    return [
        a
        for a in facts.accesses
        if a.execute is not None
        and a.execute > (write.execute or 0)
        and a.kind in ("read", "write")
        and device in (a.devices or ())
        and a.storages & write.storages
    ]


def waves_are_race_free(facts: Facts) -> Iterator[Violation]:
    """Inside one stream.cmd.concurrent, no two members touch provably overlapping bytes of one resource
    when either writes. Ranges that cannot be compared (symbolic, or widened to the whole resource by
    `iree-stream-fuse-dispatch-bindings`) are given the benefit of the doubt."""
    for wave in facts.waves:
        members = wave.members
        for i, first in enumerate(members):
            for second in members[i + 1 :]:
                raced: set[tuple[ir.Operation, ir.Operation]] = set()  # one report per pair of commands
                for a in first:
                    for b in second:
                        if (a.op, b.op) in raced or a.value != b.value or not (_changes(a) or _changes(b)):
                            continue
                        if _overlap(a, b):
                            raced.add((a.op, b.op))
                            yield _race(a, b)


def _changes(r: Range) -> bool:
    """The range is written with new bytes (a copy onto itself only rewrites the old ones)."""
    return r.writes and not r.identity


def copies_do_not_overlap(facts: Facts) -> Iterator[Violation]:
    """A copy within one resource must not overlap its own source: the HAL requires disjoint ranges, as
    memcpy does (`iree_hal_command_buffer_copy_buffer`), and validation rejects it. A copy of bytes onto
    themselves comes from two values merged after copy-on-write was decided."""
    for source, target in facts.same_resource_copies:
        if _overlap(source, target):
            name = source.value.get_name()
            message = (
                f"'{_first_line(target.op)}' copies {name} onto bytes of itself that overlap its source "
                "(HAL copies need disjoint ranges)"
            )
            yield Violation(
                Rule.OVERLAP, message, _first_line(target.op), str(target.op.location), name, (), "",
                target.op.name, uses=("copy:identity" if source.identity else "copy:overlap",),
            )  # fmt: skip


def _race(a: Range, b: Range) -> Violation:
    name = a.value.get_name()
    message = (
        f"{name} is touched by two members of one concurrent wave, and one writes: "
        f"'{_first_line(a.op)}' and '{_first_line(b.op)}'"
    )
    touches = tuple(sorted(f"{r.op.name.rsplit('.', 1)[-1]}:{'w' if r.writes else 'r'}" for r in (a, b)))
    return Violation(
        Rule.RACE, message, _first_line(b.op), str(b.op.location), name, (), "", b.op.name, uses=touches
    )


def _overlap(a: Range, b: Range) -> bool:
    if a.widened or b.widened:
        return False  # the real offset travels as a dispatch operand: nothing can be proven
    if _constant(a.length) == 0 or _constant(b.length) == 0:
        return False  # an empty range touches no bytes
    if a.offset == b.offset:
        return True  # same start, neither empty
    a0, alen, b0, blen = (_constant(v) for v in (a.offset, a.length, b.offset, b.length))
    if a0 is None or alen is None or b0 is None or blen is None:
        return False
    return a0 < b0 + blen and b0 < a0 + alen


def _constant(value: ir.Value) -> int | None:
    owner = value.owner
    if not isinstance(owner, ir.Block) and owner.name == "arith.constant":
        return ir.IntegerAttr(owner.attributes["value"]).value
    return None


def clobbered_read_violations(
    clobbers: Sequence[Clobber], stage: str, first: Sequence[Clobber] = ()
) -> tuple[Violation, ...]:
    """The async/clobbered-read rule, from what the worker found between two passes (`clobber.py`).

    Its signature is the rule and `stage`, the first pass after which the clobber shows: which ops read
    and write is whatever the program holds (one campaign's findings of one pass read through fills,
    clones, copies and the program's own observations alike). A read by `util.optimization_barrier` (the
    program observing the value at its end) is the least telling, so such clobbers are listed last.

    `first` are the clobbered reads right after `stage`, where the finding first shows; `clobbers` are
    read at the end of the async stage, whose text the entry's CHECK lines state. How the write reached
    the storage there (their marks) is this finding's too: a later pass may fold away what showed it
    (ElideAsyncCopies elides the clone a select chose against, and the select of one value folds to it,
    so the fill that copy-on-write let write through the select writes the value itself by the end)."""
    after = f" (first after {stage})" if stage else ""
    shown = {mark for clobber in first for mark in _clobber_marks(clobber)}
    ordered = sorted(clobbers, key=lambda c: c.reader_name == _OBSERVED)
    return tuple(
        Violation(
            Rule.CLOBBER,
            f"{clobber}{after}",
            clobber.reader,
            clobber.location,
            clobber.value,
            (),
            "",
            via=stage,
            order=-len(ordered) + index,  # before the cmd-level rules: they read the later IR
            scope=_scope(clobber),
            marks=with_marks(_clobber_marks(clobber), shown),
        )
        for index, clobber in enumerate(ordered)
    )


def _clobber_marks(clobber: Clobber) -> tuple[str, ...]:
    """How the write reached the storage read (marks.THROUGH_ALIAS, marks.STORE_WRITER), in MARKS order."""
    through = (THROUGH_ALIAS,) if clobber.through_alias else ()
    return through + ((STORE_WRITER,) if clobber.writer_name == "stream.async.store" else ())


def with_marks(marks: Sequence[str], more: Iterable[str]) -> tuple[str, ...]:
    """`marks` and `more`, once each, in MARKS order."""
    every = set(marks) | set(more)
    return tuple(mark for mark in MARKS if mark in every)


_OBSERVED = "util.optimization_barrier"


def _scope(clobber: Clobber) -> tuple[str, str, str, str, str, int, int] | None:
    if not clobber.scope_value:
        return None
    return (
        clobber.scope_function,
        clobber.scope_writer,
        clobber.scope_value,
        clobber.scope_capture,
        clobber.scope_end,
        clobber.scope_index,
        clobber.scope_indent,
    )


RULES: tuple[Callable[[Facts], Iterator[Violation]], ...] = (
    served_by_consumer,
    collectives_use_their_devices_channel,
    expectations_hold,
    dealloca_matches_alloca,
    transfers_are_made_visible,
    waves_are_race_free,
    copies_do_not_overlap,
)
