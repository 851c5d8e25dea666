"""`timeline/return-fence`: a returned value is ready when the function says it is.

A function hands a resource to its caller with a promise of when its contents are there. StreamOps.td and
the passes that keep the promise:

- a public function of the synchronous ABI returns resources (or buffer views exported from them) only
  after the host awaited them: `iree-stream-conversion` and ScheduleExecution put a
  `stream.timepoint.await` on every value leaving the partitions for a non-stream op, and
  PropagateTimepoints leaves public signatures alone (`expandReturnOp`);
- a function returning a `!stream.timepoint` beside its resources (a private function after
  PropagateTimepoints, which returns each resource followed by its timepoint; a pre-scheduled function,
  whose resources come first and one timepoint last) says the resources are ready when it is reached;
- the coarse-fences ABI (`--iree-execution-model=async-external`) returns buffer views at once and signals
  the caller's fence with `stream.timepoint.chain_external` when they are ready.

So every execute (and every `stream.cmd.parameter.load`) of the function that writes a returned resource's
storage, before the return, completes before that fence: its timepoint is covered by the first timepoint
returned after the resource (any returned timepoint when none follows it), by a timepoint chained to an
external fence before the return, or by one the host awaited before it. "Covered" is `timepoints.Timeline`'s,
the coverage ElideTimepoints computes (a timeline op's result covers its await, a join its operands).

What is not judged: a write in another function (a callee's, an initializer's), on another path (another
branch's block), or reached only through a timepoint of unknown coverage made after it (a block argument, a
loop's or call's result); and a write into a packed slab whose bytes cannot be shown to meet the returned
slice (offsets that are not constants: a `stream.resource.pack`'s, before layout).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from iree.compiler import ir

from .facts import Access, Facts, Returned
from .rules import Rule, Violation
from .timepoints import Timeline

_WRITE_BIT = 2  # stream::ResourceAccessBitfield::Write


def returns_fenced(facts: Facts, timeline: Timeline | None = None) -> Iterator[Violation]:
    if not facts.returns:
        return
    writers: dict[int, list[Access]] = {}
    for access in facts.accesses:
        if access.execute is not None and access.kind == "write":
            for storage_id in access.storages:
                writers.setdefault(storage_id, []).append(access)
    loads = {s.id: s for s in facts.storages if s.kind == "parameter"}
    if not writers and not loads:
        return
    timeline = timeline or Timeline()
    timepoint = ir.Type.parse("!stream.timepoint", facts.returns[0].op.context)  # compared, not printed
    unfenced = facts.intent.unfenced if facts.intent is not None else frozenset()
    for returned in facts.returns:
        if unfenced and (_function_name(returned), returned.ordinal) in unfenced:
            continue  # the input returns it unfenced already
        fence: tuple[list[ir.Value], str] | None = None
        for storage_id in sorted(returned.storages):
            made = [(w.op, w.order) for w in writers.get(storage_id, []) if _meets(w, returned.value)]
            if storage_id in loads:
                made.append((loads[storage_id].value.owner.operation, 0))
            for writer, order in made:
                if timeline.ordered(writer, returned.op) is not True:
                    continue
                fence = fence or _fence(returned, facts, timeline, timepoint)
                awaited, form = fence
                if timeline.reached_by_any(awaited, returned.op, writer.opview.result_timepoint) is False:
                    yield _violation(facts, returned, writer, storage_id, form, order)


def _fence(
    returned: Returned, facts: Facts, timeline: Timeline, timepoint: ir.Type
) -> tuple[list[ir.Value], str]:
    """The timepoints that promise `returned` ready (the host's awaits before the return come on top), and
    how the function states its promise: "host-await", "returned-timepoint" or "signal-fence"."""
    operands = list(returned.op.operands)
    timepoints = [v for v in operands if v.type == timepoint]
    following = next((v for v in operands[returned.index + 1 :] if v.type == timepoint), None)
    signals = [
        signal.operands[0] for signal in facts.fence_signals if timeline.ordered(signal, returned.op) is True
    ]
    awaited = ([following] if following is not None else timepoints) + signals
    form = "signal-fence" if signals else "returned-timepoint" if timepoints else "host-await"
    return awaited, form


def _meets(writer: Access, returned: ir.Value) -> bool:
    """Can the execute's writes of its capture touch bytes of `returned`? Both name one storage, but may be
    different slices of a packed slab. They meet when the capture is the returned value, when the returned
    value is the whole storage, or when a write starts where the returned slice does (the same constants and
    values added up through subviews) or constant ranges overlap. Offsets that cannot be compared (two
    results of a `stream.resource.pack`) are given the benefit of the doubt: not judged."""
    target, whole = _base(returned)
    captured, _ = _base(writer.value)
    if whole or captured == target:
        return True
    argument = _argument_of(writer.op, writer.value)
    if argument is None:
        return True
    wanted, wanted_length = _offset(returned), _length(returned)
    base = _offset(writer.value)
    for offset, length in _written(writer.op.regions[0].blocks[0], argument):
        size = _constant(length)
        if size == 0:
            continue
        extra = _offset_term(offset)
        start = (base[0] + extra[0], base[1] + extra[1])
        if start == wanted:
            return True
        if (
            not start[1]
            and not wanted[1]
            and size is not None
            and wanted_length is not None
            and start[0] < wanted[0] + wanted_length
            and wanted[0] < start[0] + size
        ):
            return True  # constant ranges that overlap
    return False


def _strip(value: ir.Value) -> ir.Value:
    """`value` before the awaits and barriers that hand it on unchanged."""
    while not isinstance(value.owner, ir.Block):
        op = value.owner.operation
        if op.name in ("stream.timepoint.await", "util.optimization_barrier"):  # resources first, in order
            value = op.operands[ir.OpResult(value).result_number]
        else:
            break
    return value


def _base(value: ir.Value) -> tuple[ir.Value, bool]:
    """`value` unwrapped of awaits and barriers, and whether it is the whole of its storage (no subview)."""
    value = _strip(value)
    owner = value.owner
    whole = isinstance(owner, ir.Block) or owner.name != "stream.resource.subview"
    return value, whole


def _offset(value: ir.Value) -> tuple[int, Counter[ir.Value]]:
    """Where `value` starts in its storage: the constants and the other values its subviews add up."""
    value = _strip(value)
    constant: int = 0
    terms: Counter[ir.Value] = Counter()
    while not isinstance(value.owner, ir.Block) and value.owner.name == "stream.resource.subview":
        view = value.owner.operation.opview
        more, others = _offset_term(view.source_offset)
        constant, terms = constant + more, terms + others
        value = _strip(view.source)
    return constant, terms


def _offset_term(value: ir.Value) -> tuple[int, Counter[ir.Value]]:
    known = _constant(value)
    return (known, Counter()) if known is not None else (0, Counter([value]))


def _length(value: ir.Value) -> int | None:
    """The byte length of a subview (None: not a constant, or the whole storage)."""
    value = _strip(value)
    if isinstance(value.owner, ir.Block) or value.owner.name != "stream.resource.subview":
        return None
    return _constant(value.owner.operation.opview.result_size)


def _argument_of(execute: ir.Operation, captured: ir.Value) -> ir.Value | None:
    body = execute.regions[0].blocks[0]
    for argument, operand in zip(body.arguments, execute.opview.resource_operands, strict=True):
        if operand == captured:
            return argument
    return None


def _written(block: ir.Block, argument: ir.Value) -> Iterator[tuple[ir.Value, ir.Value]]:
    """(offset, length) of each write of `argument` by the commands in `block` (waves and serial regions
    included)."""
    for child in block.operations:
        op = child.operation
        name = op.name
        view = op.opview
        if name == "stream.cmd.copy" and view.target == argument:
            yield view.target_offset, view.length
        elif name == "stream.cmd.fill" and view.target == argument:
            yield view.target_offset, view.target_length
        elif name in ("stream.cmd.dispatch", "stream.cmd.collective"):
            accesses = [ir.IntegerAttr(a).value for a in view.resource_accesses]
            for value, offset, length, access in zip(
                view.resources, view.resource_offsets, view.resource_lengths, accesses, strict=True
            ):
                if value == argument and access & _WRITE_BIT:
                    yield offset, length
        elif name in ("stream.cmd.concurrent", "stream.cmd.serial"):
            yield from _written(op.regions[0].blocks[0], argument)


def _constant(value: ir.Value) -> int | None:
    owner = value.owner
    if not isinstance(owner, ir.Block) and owner.name == "arith.constant":
        return ir.IntegerAttr(owner.attributes["value"]).value
    return None


def _function_name(returned: Returned) -> str:
    function = returned.op.parent
    return ir.StringAttr(function.attributes["sym_name"]).value if function is not None else "?"


def _violation(
    facts: Facts, returned: Returned, writer: ir.Operation, storage_id: int, form: str, order: int
) -> Violation:
    storage = facts.storage(storage_id)
    name = _function_name(returned)
    promise = {
        "host-await": "no host await before the return covers",
        "returned-timepoint": "the timepoint returned with it does not cover",
        "signal-fence": "the timepoint chained to the caller's fence does not cover",
    }[form]
    text = str(writer).strip().splitlines()[0]
    return Violation(
        rule=Rule.RETURN_FENCE,
        message=(
            f"{returned.value.get_name()} (result {returned.index} of @{name}, storage {storage.name}) is "
            f"written by {writer.name}; {promise} its completion: the caller may read it before it is written"
        ),
        op=text if len(text) <= 240 else text[:237] + "...",
        location=str(writer.location),
        resource=returned.value.get_name(),
        consumers=(),
        placed_on="",
        op_name=writer.name,
        storage_kind=storage.kind,
        storage=storage.name,
        uses=(form,),
        order=order,
    )
