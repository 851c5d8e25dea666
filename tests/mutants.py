"""Deliberate misplacements applied to IR the real compiler printed, through the `iree.compiler.ir` bindings.

Each mutant reproduces one way placement can go wrong (the seed bug #19891 first among them). Oracle tests
apply them to real output and expect exactly the matching rule; `seed_bug` also serves as a fault injector
wrapped around the real compiler (a worker `post_hook`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from iree.compiler import ir


def walk(module: ir.Module, name: str) -> list[ir.Operation]:
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == name:
            found.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found


def _attr(text: str, like: ir.Operation) -> ir.Attribute:
    return ir.Attribute.parse(text, like.context)


def _execute_of(op: ir.Operation) -> ir.Operation:
    while op.name != "stream.cmd.execute":
        op = op.parent
    return op


def _captured(value: ir.Value) -> ir.Value:
    """The value an execute block argument captures."""
    argument = ir.BlockArgument(value)
    execute = argument.owner.owner
    return list(execute.opview.resource_operands)[argument.arg_number]


def _transfer_copies(module: ir.Module) -> Iterator[tuple[ir.Operation, ir.Operation]]:
    """(copy, flush) pairs: a copy followed by a flush of its target, which is how a push transfer lowers."""
    for flush in walk(module, "stream.cmd.flush"):
        target = flush.opview.target
        for copy in walk(module, "stream.cmd.copy"):
            if copy.opview.target == target and _execute_of(copy) == _execute_of(flush):
                yield copy, flush


def seed_bug(module: ir.Module) -> None:
    """#19891: transfer targets allocated on the executing device, their flushes to the destination gone."""
    flushes = []
    for copy, flush in list(_transfer_copies(module)):
        alloca = _captured(copy.opview.target).owner
        if not isinstance(alloca, ir.Block) and alloca.name == "stream.resource.alloca":
            alloca.attributes["affinity"] = _execute_of(copy).attributes["affinity"]
        if flush not in flushes:
            flushes.append(flush)
    for flush in flushes:
        flush.erase()


def drop_flushes(module: ir.Module) -> None:
    """Transfers still target the right memory, but nothing makes the copy visible to its reader."""
    for flush in walk(module, "stream.cmd.flush"):
        flush.erase()


def drop_first_flush(module: ir.Module) -> None:
    """One hop of a chain loses its flush: the next device reads data never made visible to it."""
    flushes = walk(module, "stream.cmd.flush")
    if flushes:  # a fault injector leaves programs without a flush alone
        flushes[0].erase()


def retarget_first_flush(device: str) -> Callable[[ir.Module], None]:
    def mutate(module: ir.Module) -> None:
        flush = walk(module, "stream.cmd.flush")[0]
        flush.attributes["source_affinity"] = _attr(f"#hal.device.affinity<@{device}>", flush)

    return mutate


def retarget_first_invalidate(device: str) -> Callable[[ir.Module], None]:
    def mutate(module: ir.Module) -> None:
        invalidate = walk(module, "stream.cmd.invalidate")[0]
        invalidate.attributes["source_affinity"] = _attr(f"#hal.device.affinity<@{device}>", invalidate)

    return mutate


def move_op(name: str, index: int, device: str) -> Callable[[ir.Module], None]:
    """Put the index-th op called `name` (alloca, dealloca, export, import) on another device."""

    def mutate(module: ir.Module) -> None:
        op = walk(module, name)[index]
        op.attributes["affinity"] = _attr(f"#hal.device.affinity<@{device}>", op)

    return mutate


def two_writers_in_one_wave(module: ir.Module) -> None:
    """Make the second copy of the first concurrent wave write the first copy's target."""
    wave = walk(module, "stream.cmd.concurrent")[0]
    copies = [op.operation for op in wave.regions[0].blocks[0].operations if op.name == "stream.cmd.copy"]
    first, second = copies[0], copies[1]
    second.operands[3] = first.opview.target  # (source, source_offset, source_size, target, ...)


def two_writers_in_one_wave_one_empty(module: ir.Module) -> None:
    """As two_writers_in_one_wave, but the second copy has length 0: it touches no bytes, so no race."""
    two_writers_in_one_wave(module)
    wave = walk(module, "stream.cmd.concurrent")[0]
    second = [op.operation for op in wave.regions[0].blocks[0].operations if op.name == "stream.cmd.copy"][1]
    zero = next(
        op.results[0] for op in walk(module, "arith.constant") if str(op.attributes["value"]) == "0 : index"
    )
    second.operands[len(second.operands) - 1] = zero


def self_copy(module: ir.Module) -> None:
    """The first copy of the first wave copies its source onto itself (as a late merge of two values
    leaves it): it only rewrites bytes others in the wave read, but the HAL forbids overlapping copies."""
    wave = walk(module, "stream.cmd.concurrent")[0]
    copy = next(op.operation for op in wave.regions[0].blocks[0].operations if op.name == "stream.cmd.copy")
    # (source, source_size, source_offset, target, target_size, target_offset, length)
    for target, source in ((3, 0), (4, 1), (5, 2)):
        copy.operands[target] = copy.operands[source]


def expect_elsewhere(device: str) -> Callable[[ir.Module], None]:
    """Change the program's intent instead of the output: the value should have gone to `device`."""

    def mutate(module: ir.Module) -> None:
        op = walk(module, "util.optimization_barrier")[0]
        op.attributes["fuzz.expect"] = _attr(f"#hal.device.affinity<@{device}>", op)

    return mutate


def export_elsewhere(module: ir.Module) -> None:
    """Every export hands its buffer out on another device than the one it names."""
    devices = [op.attributes["sym_name"] for op in walk(module, "util.global") if "!hal.device" in str(op)]
    for export in walk(module, "stream.tensor.export"):
        current = str(export.attributes["affinity"])
        other = next(
            (str(d).strip('"') for d in devices if f"@{str(d).strip(chr(34))}>" not in current), None
        )
        if other:
            export.attributes["affinity"] = _attr(f"#hal.device.affinity<@{other}>", export)


def borrow_imports(module: ir.Module) -> None:
    """Every consumed import becomes borrowed (its `consume` dropped): the program's in-place writes of it
    now write the caller's buffer."""
    for op in walk(module, "stream.tensor.import"):
        if "consume" in op.attributes:
            del op.attributes["consume"]


def kill_campaign_worker_1(module: ir.Module) -> None:
    """Not a compiler fault: kills campaign worker 1 (this compiler worker's parent) on its first program,
    to show that a worker dying mid-run loses nothing the others found."""
    import os
    import signal

    if os.environ.get("STREAM_FUZZ_WORKER") == "1":
        os.kill(os.getppid(), signal.SIGKILL)


def raise_error(module: ir.Module) -> None:
    """A bug in a hook run by the worker: stands in for an internal error of stream-fuzz itself."""
    raise RuntimeError("deliberate internal error")


def dealloca_elsewhere(module: ir.Module) -> None:
    """Every dealloca releases to a device other than the one it names: one dealloca/pool shape, cheap to
    shrink (used where a test needs some finding, fast, rather than a particular misplacement)."""
    devices = [str(op.attributes["sym_name"]).strip('"') for op in walk(module, "util.global")]
    for dealloca in walk(module, "stream.resource.dealloca"):
        if "affinity" in dealloca.attributes:
            current = str(dealloca.attributes["affinity"])
            other = next((d for d in devices if f"@{d}>" not in current), None)
            if other:
                dealloca.attributes["affinity"] = _attr(f"#hal.device.affinity<@{other}>", dealloca)


def call_out_of_sight(module: ir.Module) -> None:
    """The first function calls an external one first: a callee may write any memory the function holds,
    on any device, where the oracle cannot see it."""
    context = module.operation.context
    callee = ir.Operation.parse("util.func private @out_of_sight()", context=context)
    ir.InsertionPoint.at_block_begin(module.body).insert(callee)
    function = next(op for op in walk(module, "util.func") if op.regions[0].blocks)
    with context, ir.Location.unknown():  # built, not parsed: a parsed call is verified alone
        ir.Operation.create(
            "util.call",
            attributes={"callee": ir.FlatSymbolRefAttr.get("out_of_sight")},
            ip=ir.InsertionPoint.at_block_begin(function.regions[0].blocks[0]),
        )


def drop_alloca_affinity(module: ir.Module) -> None:
    """The first `stream.resource.alloca` loses its affinity (what a join of affinities returning null
    leaves): IREE's iree-stream-verify-affinities must reject the output."""
    del walk(module, "stream.resource.alloca")[0].attributes["affinity"]


def drop_every_alloca_affinity(module: ir.Module) -> None:
    """Every `stream.resource.alloca` loses its affinity: a transfer's source and its copy are both left
    unplaced, so nothing near the source says where the bytes went but the flush's `to(...)`."""
    for alloca in walk(module, "stream.resource.alloca"):
        if "affinity" in alloca.attributes:
            del alloca.attributes["affinity"]


def drop_slab_affinity(module: ir.Module) -> None:
    """The first `stream.resource.pack` and the alloca it sizes lose their affinity (a slab of several
    results, whose pack and alloca have one location fusing the results'): the checker names the pack."""
    pack = walk(module, "stream.resource.pack")[0]
    del pack.attributes["affinity"]
    for alloca in walk(module, "stream.resource.alloca"):
        if any(isinstance(v, ir.OpResult) and v.owner.operation == pack for v in alloca.operands):
            del alloca.attributes["affinity"]


def drop_execute_affinity(module: ir.Module) -> None:
    """The first `stream.async.execute` of async IR loses its affinity, and with it every op inside."""
    del walk(module, "stream.async.execute")[0].attributes["affinity"]


def fill_past_the_end(module: ir.Module) -> None:
    """The first `stream.async.fill` writes twice its resource's size from offset 0 (end and length
    both doubled): IREE's iree-stream-verify-async-access-ranges must reject it."""
    fill = walk(module, "stream.async.fill")[0]
    view = fill.opview
    size = ir.IntegerAttr(view.target_size.owner.attributes["value"]).value
    with ir.InsertionPoint(fill), fill.location:
        past = ir.Operation.create(
            "arith.constant",
            results=[ir.IndexType.get()],
            attributes={"value": ir.IntegerAttr.get(ir.IndexType.get(), 2 * size)},
        ).result
    zero = [i for i, operand in enumerate(fill.operands) if operand == view.target_offset]
    for index, operand in enumerate(list(fill.operands)):
        if operand in (view.target_end, view.target_length) and index not in zero:
            fill.operands[index] = past


def loop_runs_zero_times(module: ir.Module) -> None:
    """Make every loop's upper bound its lower bound: an scf.for's operands, and the comparison a loop
    lowered to blocks tests in its header (the entry edge then goes straight to the exit)."""
    for loop in walk(module, "scf.for"):
        loop.operands[1] = loop.operands[0]
    for branch in walk(module, "cf.cond_br"):
        compare = branch.operands[0].owner
        if isinstance(compare, ir.Block) or compare.name != "arith.cmpi":
            continue
        induction = compare.operands[0]
        if not isinstance(induction.owner, ir.Block):
            continue
        header = induction.owner
        number = ir.BlockArgument(induction).arg_number
        for predecessor in header.predecessors:
            entry = list(predecessor.operations)[-1].operation
            if (
                entry.name == "cf.br"
                and predecessor != header
                and predecessor.region.blocks[0] == predecessor
            ):
                compare.operation.operands[1] = list(entry.opview.destOperands)[number]


def _await_index(op: ir.Operation) -> int:
    """The operand index of an op's await timepoint."""
    awaited = op.opview.await_timepoint
    return next(i for i, operand in enumerate(op.operands) if operand == awaited)


def dealloca_early(module: ir.Module) -> None:
    """The first dealloca awaits its alloca's timepoint instead of its last user's: the memory goes back
    to the pool while the execute that uses it may still run."""
    dealloca = walk(module, "stream.resource.dealloca")[0]
    alloca = dealloca.opview.operand.owner
    dealloca.operands[_await_index(dealloca)] = alloca.results[1]


def dealloca_before_its_user(module: ir.Module) -> None:
    """The first dealloca is issued before the execute that uses its resource, awaiting what that execute
    awaits: program order alone shows the use comes after the free."""
    dealloca = walk(module, "stream.resource.dealloca")[0]
    alloca = dealloca.opview.operand.owner
    user = next(op for op in walk(module, "stream.cmd.execute") if alloca.results[0] in op.operands)
    dealloca.move_before(user)
    dealloca.operands[_await_index(dealloca)] = user.opview.await_timepoint


def size_after_dealloca(module: ir.Module) -> None:
    """The host queries the size of the first dealloca's resource after the dealloca."""
    dealloca = walk(module, "stream.resource.dealloca")[0]
    following = list(dealloca.block.operations)
    after = next(following[i + 1] for i, op in enumerate(following) if op.operation == dealloca)
    with ir.InsertionPoint(after), dealloca.location:
        ir.Operation.create(
            "stream.resource.size", results=[ir.IndexType.get()], operands=[dealloca.opview.operand]
        )


def execute_skips_its_allocas(module: ir.Module) -> None:
    """The first execute awaits what its allocas await instead of their timepoints: it may start before
    their memory is there."""
    execute = walk(module, "stream.cmd.execute")[0]
    alloca = next(
        op.owner
        for op in execute.opview.resource_operands
        if not isinstance(op.owner, ir.Block) and op.owner.name == "stream.resource.alloca"
    )
    execute.operands[_await_index(execute)] = alloca.opview.await_timepoint


def _fence_slot(module: ir.Module) -> tuple[ir.Operation, int]:
    """Where the first public function's return states when its results are ready: (op, operand index)
    of its returned timepoint, else of the timepoint it chains to the caller's fence, else of the last
    host await before the return."""
    ret = next(op for op in walk(module, "util.return") if op.parent.name == "util.func")
    for index, value in enumerate(ret.operands):
        if str(value.type) == "!stream.timepoint":
            return ret, index
    signals = walk(module, "stream.cmd.chain_external") + walk(module, "stream.timepoint.chain_external")
    if signals:
        return signals[-1], 0
    awaits = [op for op in ret.block.operations if op.operation.name == "stream.timepoint.await"]
    return awaits[-1].operation, _await_index(awaits[-1].operation)


def fence_of_the_first_execute(module: ir.Module) -> None:
    """The first function's results are declared ready when its first execute is done (the timepoint it
    returns, chains to the caller's fence or awaits before returning is that execute's): what later
    executes write into them may not be there yet."""
    op, index = _fence_slot(module)
    first = next(e for e in walk(module, "stream.cmd.execute") if e.parent == op.parent)
    op.operands[index] = first.opview.result_timepoint


def fence_join_drops_its_last_member(module: ir.Module) -> None:
    """The join that declares the first function's results ready loses its last member."""
    op, index = _fence_slot(module)
    join = op.operands[index].owner
    assert join.name == "stream.timepoint.join", f"the fence is not a join: {join}"
    with ir.InsertionPoint(join), join.location:
        fewer = ir.Operation.create(
            "stream.timepoint.join", results=[join.results[0].type], operands=list(join.operands)[:-1]
        )
    op.operands[index] = fewer.result


def pin_global(name: str, device: str) -> Callable[[ir.Module], None]:
    """Give the global `name` a `stream.affinity` on `device` (the program pins it there)."""

    def mutate(module: ir.Module) -> None:
        for op in walk(module, "util.global"):
            if ir.StringAttr(op.attributes["sym_name"]).value == name:
                op.attributes["stream.affinity"] = _attr(f"#hal.device.affinity<@{device}>", op)

    return mutate


def chain(*mutations: Callable[[ir.Module], None]) -> Callable[[ir.Module], None]:
    """Apply several mutations in order."""

    def mutate(module: ir.Module) -> None:
        for mutation in mutations:
            mutation(module)

    return mutate


def dealloca_a_choice(module: ir.Module) -> None:
    """The first resource an `arith.select` or `scf.if` chooses is deallocated (`origin`, as
    AutomaticReferenceCounting does) right after the last execute of its block that captures it, awaiting
    that execute: on the path where the choice is a resource the function goes on using, that resource is
    freed while live (what 3.13's analyzeIfOp does to an if result, corpus/runtime-error-reference-
    counting-deallocates-an-if-result-aliasing-a-live-buffer.mlir)."""
    resource = "!stream.resource"
    chooser = next(
        op
        for name in ("arith.select", "scf.if")
        for op in walk(module, name)
        if any(str(result.type).startswith(resource) for result in op.results)
    )
    choice = next(result for result in chooser.results if str(result.type).startswith(resource))
    users = [
        op.operation
        for op in chooser.block.operations
        if op.operation.name == "stream.cmd.execute" and choice in list(op.operation.opview.resource_operands)
    ]
    last = users[-1]
    operands = list(last.opview.resource_operands)
    size = list(last.opview.resource_operand_sizes)[operands.index(choice)]
    following = list(last.block.operations)
    after = next(following[i + 1] for i, op in enumerate(following) if op.operation == last)
    with ir.InsertionPoint(after), last.location:
        ir.Operation.create(
            "stream.resource.dealloca",
            results=[last.opview.result_timepoint.type],
            operands=[choice, size, last.opview.result_timepoint],
            attributes={"prefer_origin": ir.UnitAttr.get()},
        )
