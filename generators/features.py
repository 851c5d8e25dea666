"""Feature labels of a program: what stats report and what `hypothesis.event` records."""

from __future__ import annotations

from collections import defaultdict
from typing import assert_never

from hypothesis import event, target

from . import model as m


def op_label(op: m.Op) -> str:
    """The label stats and Hypothesis events count an op under."""
    match op:
        case m.Splat():
            return "splat"
        case m.Alloca():
            return "alloca"
        case m.Constant():
            return "constant"
        case m.GlobalStore():
            return "global_store"
        case m.GlobalLoad():
            return "global_load"
        case m.ParameterLoad():
            return "parameter_load"
        case m.Staged():
            return "staging_load_store"
        case m.Select():
            return "select"
        case m.Fill():
            return "fill"
        case m.Update():
            return "update"
        case m.Copy():
            return "copy"
        case m.Clone():
            return "clone"
        case m.Slice():
            return "slice"
        case m.Dispatch():
            return "dispatch"
        case m.Collective():
            return "collective"
        case m.Transfer():
            return "transfer"
        case m.AsyncBarrier():
            return "async_barrier"
        case m.Import():
            return "import"
        case m.Export():
            return "export"
        case m.Expect():
            return "expect"
        case m.Execute():
            return "execute"
        case m.Concurrent():
            return "concurrent"
        case m.ForLoop():
            return "for"
        case m.IfElse():
            return "if"
        case m.ExecuteRegion():
            return "execute_region"
        case m.Call():
            return "call"
        case _:
            assert_never(op)


class _Walk:
    """One pass over the program collecting what the labels need."""

    def __init__(self, p: m.Program) -> None:
        self.yielded: dict[int, m.Value] = {}  # region result id -> value yielded for it
        self.transfers: list[tuple[m.Transfer, str | None]] = []  # with the device running it (L2)
        self.depth = 0
        self.exec_devices: set[str] = set()
        self.labels: set[str] = set()
        self.inside_outside = False
        # Transfers, dispatches and barriers in program order, with the device running them (chains).
        self.flow: list[tuple[m.Transfer | m.Dispatch | m.AsyncBarrier, str | None]] = []
        self.written: list[m.Value] = []  # targets of in-place writes
        self.updates: list[m.Update] = []
        self.dispatches: list[m.Dispatch] = []
        self.pulls: dict[int, set[str]] = defaultdict(set)  # L2 value id -> devices of executes pulling it
        for fn in p.functions:
            self.body(fn.body, None, 0, None)

    def body(self, ops: list[m.Op], device: str | None, depth: int, exec_reads: set[int] | None) -> None:
        for op in ops:
            self.labels.add(op_label(op))
            if exec_reads is not None:
                exec_reads.update(canon_id(self, v) for v in m.operands(op))
            if isinstance(op, m.Transfer):
                self.flow.append((op, device))
            elif isinstance(op, m.Dispatch | m.AsyncBarrier):
                self.flow.append((op, device or (op.affinity.home if op.affinity else None)))
            self.written += _written(op)
            if isinstance(op, m.Update):
                self.updates.append(op)
            if isinstance(op, m.Dispatch):
                self.dispatches.append(op)
            if isinstance(op, m.ForLoop):
                self.labels |= _loop_labels(op)
            if isinstance(op, m.GlobalLoad) and op.source.initial is not None:
                self.labels.add("global_initialized" if op.source.pinned else "global_hoisted")
            if isinstance(op, m.Transfer):
                self.transfers.append((op, device))
                if depth > 0:
                    self.labels.add("transfer_in_wave")
            if isinstance(op, m.Dispatch) and any(t is not None for t in op.tied):
                self.labels.add("dispatch_tied")
            if isinstance(op, m.ForLoop) and op.while_loop:
                self.labels.add("while")
            if isinstance(op, m.IfElse) and op.blocks:
                self.labels.add("cf_blocks")
            if isinstance(op, m.Collective):
                self.labels.add("collective_in_place" if op.recv is not None else "collective_fresh")
            if isinstance(op, m.Region):
                for r, y in zip(op.results, op.yields, strict=True):
                    self.yielded[r.id] = y
                if any(t is not None for t in op.tied):
                    self.labels.add("tied_region_result")
            if isinstance(op, m.Execute):
                dev = op.affinity.home if op.affinity else None
                if dev:
                    self.exec_devices.add(dev)
                if op.awaits:
                    self.labels.add("await")
                if len(op.awaits) > 1:
                    self.labels.add("await_join")
                if dev is not None and any(not c.lives_on(dev) for c in op.captures):
                    self.labels.add("cross_capture")
                for c in op.captures:
                    if dev is not None and not c.lives_on(dev):
                        self.pulls[c.id].add(dev)
                reads: set[int] = set()
                self.body(op.body, dev, 0, reads)
                self.note_inside_outside(op, reads)
            elif isinstance(op, m.Concurrent):
                self.depth = max(self.depth, depth + 1)
                self.body(op.body, device, depth + 1, exec_reads)
            elif isinstance(op, m.ForLoop | m.ExecuteRegion):
                self.body(op.body, device, depth, exec_reads)
            elif isinstance(op, m.IfElse):
                self.body(op.then_body, device, depth, exec_reads)
                self.body(op.else_body, device, depth, exec_reads)

    def note_inside_outside(self, ex: m.Execute, reads: set[int]) -> None:
        """A transfer result read by another op of its execute and also yielded out of it."""
        out = {canon_id(self, y) for y in ex.yields}
        for op in m.walk(ex.body):
            if isinstance(op, m.Transfer) and op.result.id in reads and op.result.id in out:
                self.inside_outside = True


def _written(op: m.Op) -> list[m.Value]:
    if isinstance(op, m.Fill | m.Update | m.Copy):
        return [op.target]
    if isinstance(op, m.Dispatch):
        return [op.operands[t] for t in op.tied if t is not None]
    if isinstance(op, m.Collective) and op.recv is not None:
        return [op.recv]
    return []


def _loop_labels(op: m.ForLoop) -> set[str]:
    """Odd forwarding: one init in two slots, one value yielded in two, slots exchanged; zero trips (bounds
    equal or reversed)."""
    out: set[str] = set()
    if len({id(v) for v in op.inits}) < len(op.inits):
        out.add("loop_carries_twice")
    if len({id(v) for v in op.yields}) < len(op.yields):
        out.add("loop_yields_twice")
    swapped = any(y is a for i, y in enumerate(op.yields) for j, a in enumerate(op.args) if i != j)
    if swapped or op.forward != tuple(range(len(op.forward))):
        out.add("loop_forwards_reordered")
    if op.trips == 0:
        out.add("loop_zero_trips")
        out.add("loop_zero_trips_equal" if op.bound == op.lower else "loop_zero_trips_reversed")
    return out


def _shape_labels(w: _Walk, p: m.Program) -> set[str]:
    """The multi-device shapes of issue 26: many devices, a value spread to 3+ of them, barrier chains,
    imports written in place."""
    out: set[str] = set()
    if len(p.devices) >= 8:
        out.add("devices_8plus")
    if len({d for link in p.links for d in link}) >= 3:
        out.add("topology_3plus_devices")
    if any(len(devs) >= 3 for devs in w.pulls.values()):
        out.add("pulled_by_3plus_executes")
    imports = {op.result.id for op in p.ops() if isinstance(op, m.Import)}
    if any(canon_id(w, v) in imports for v in w.written):
        out.add("import_written_in_place")
    # Devices of the barriers a value went through, moved by transfers and read by dispatches.
    chain: dict[int, tuple[str, ...]] = {}
    for op, device in w.flow:
        if isinstance(op, m.Dispatch):
            before = chain.get(canon_id(w, op.operands[0]), ())
            for r in op.results:
                chain[r.id] = before
            continue
        before = chain.get(canon_id(w, op.source), ())
        if isinstance(op, m.AsyncBarrier) and device is not None and device not in before:
            before = (*before, device)
        chain[op.result.id] = before
    if any(len(devs) >= 3 for devs in chain.values()):
        out.add("barrier_chain_3plus_devices")
    return out | _dispatch_labels(w) | _dynamic_labels(p)


def _dynamic_labels(p: m.Program) -> set[str]:
    """Sizes that are not constants (`model.DynSize`, multiples of main's `%n`): made at all, read or made
    by a dispatch (whose workload or scalars may be `%n` too), moved to another device, written or read at
    an offset that is not a constant, exported; and `%n` taken as an i32 and cast."""
    out: set[str] = set()
    for op in p.ops():
        match op:
            case m.Splat() | m.Alloca() if m.dynamic(op.result.size):
                out.add("dynamic_size")
            case m.Dispatch() if any(m.dynamic(v.size) for v in [*op.operands, *op.results]):
                out.add("dispatch_dynamic_sizes")
                if any(m.dynamic(w) for w in op.workload) or any(m.dynamic(v) for _, v in op.scalars):
                    out.add("dispatch_dynamic_workload_or_scalar")
            case m.Transfer() if m.dynamic(op.source.size) and op.target and op.target.home != op.source.home:
                out.add("dynamic_size_transferred")
            case m.Update() | m.Fill() | m.Slice() if m.dynamic(op.offset) and int(op.offset):
                out.add("dynamic_offset")
            case m.Export() if m.dynamic(op.source.size):
                out.add("dynamic_size_exported")
            case _:
                pass
    if p.extent == "i32":
        out.add("dynamic_extent_from_i32")
    return out


def _dispatch_labels(w: _Walk) -> set[str]:
    """Dispatches with a workload or scalar operands, and two or more results of one dispatch updated into
    one buffer (through in-place writes of it), directly or moved to another device first (gathered)."""
    out: set[str] = set()
    if any(d.workload for d in w.dispatches):
        out.add("dispatch_workload")
    if any(d.scalars for d in w.dispatches):
        out.add("dispatch_scalar_operands")
    moved = {t.result.id: canon_id(w, t.source) for t, _ in w.transfers}
    buffer: dict[int, int] = {}  # update result id -> the buffer its chain of updates started from
    fed: dict[int, tuple[int, bool]] = {}  # value id -> (buffer it is updated into, moved first)
    for u in w.updates:
        root = canon_id(w, u.target)
        root = buffer.get(root, root)
        buffer[u.result.id] = root
        part = canon_id(w, u.update)
        fed[moved.get(part, part)] = (root, part in moved)
    for d in w.dispatches:
        into = [fed[r.id] for r in d.results if r.id in fed]
        roots = [root for root, _ in into]
        if any(roots.count(root) >= 2 for root in roots):
            out.add("dispatch_results_concatenated")
            if any(gathered for _, gathered in into):
                out.add("dispatch_results_gathered")
    return out


def canon_id(w: _Walk, v: m.Value) -> int:
    """Identity of a value through captures and region results (the op result it really is)."""
    while True:
        if v.origin is not None:
            v = v.origin
        elif v.id in w.yielded:
            v = w.yielded[v.id]
        else:
            return v.id


def _transfer_labels(w: _Walk, level: str) -> set[str]:
    out: set[str] = set()
    made_by: dict[int, m.Transfer] = {}
    by_source: dict[int, set[str]] = defaultdict(set)
    into: dict[str, set[str]] = defaultdict(set)
    for t, device in w.transfers:
        made_by[t.result.id] = t
        src = t.source
        dst = t.target.home if t.target else src.home
        by_source[canon_id(w, src)].add(dst)
        if dst != src.home:
            into[dst].add(src.home)
        runs_on = device or (t.execution.home if t.execution else src.home)
        if runs_on == dst:
            out.add("transfer_same_device")
        if t.source_affinity:
            out.add("transfer_from")
        if t.execution:
            out.add("transfer_on")
        if t.target and t.target.kind == "optimal":
            out.add("transfer_optimal")
        if device is not None and level == "l2" and dst != device:
            out.add("transfer_cross_device")
    for t, _ in w.transfers:
        prev = made_by.get(canon_id(w, t.source))
        if prev is None:
            continue
        a, b = prev.source.home, prev.result.home
        c = t.result.home
        if a != b and b != c:
            out.add("transfer_roundtrip" if c == a else "transfer_chain")
    if any(len(d) >= 2 for d in by_source.values()):
        out.add("transfer_fanout")
    if any(len(d) >= 3 for d in by_source.values()):
        out.add("transfer_fanout_3plus")
    if any(len(s) >= 2 for s in into.values()):
        out.add("transfer_fanin")
    return out


def _summary(p: m.Program) -> tuple[_Walk, frozenset[str]]:
    w = _Walk(p)
    labels = set(w.labels) | _transfer_labels(w, p.level) | _shape_labels(w, p)
    if w.depth >= 2:
        labels.add("nested_concurrent")
    if w.depth >= 3:
        labels.add("concurrent_depth_3")
    if len(w.exec_devices) >= 2:
        labels.add("multi_device_executes")
    if w.inside_outside:
        labels.add("transfer_inside_and_outside")
    if p.links:
        labels.add("topology")
    affinities = [a for op in p.ops() for a in _affinities(op)]
    labels |= {f"kind_{a.kind}" for a in affinities}
    queues = {a.queues for a in affinities if a.kind != "optimal"}
    if any(queues):
        labels.add("queue_affinity")
        if () in queues:
            labels.add("queues_and_whole_devices")  # some devices by queue, others whole
    if p.main.returns:
        labels.add("returned_resource")
    if any(isinstance(op, m.Call) for fn in p.functions if not fn.public for op in m.walk(fn.body)):
        labels.add("nested_call")
    c = p.configs
    if c.resources is not None:
        labels.add(f"resource_config_on_{'module' if c.on_module else 'function'}")
    if c.partitioning is not None:
        labels.add(f"partitioning_{c.partitioning}")
    labels.add(f"level_{p.level}")
    return w, frozenset(labels)


def _affinities(op: m.Op) -> list[m.Affinity]:
    if isinstance(op, m.Execute):
        return [op.affinity] if op.affinity else []
    if isinstance(op, m.Transfer):
        return [a for a in (op.target, op.source_affinity, op.execution) if a is not None]
    aff = getattr(op, "affinity", None)
    return [aff] if isinstance(aff, m.Affinity) else []


def features(program: m.Program) -> frozenset[str]:
    """Labels of the constructs and transfer shapes present in `program`."""
    return _summary(program)[1]


def label_and_target(program: m.Program) -> frozenset[str]:
    """Record features with `hypothesis.event` and steer toward bigger, deeper, more cross-device
    programs with `hypothesis.target`. Call it from a test body (both need a running test)."""
    w, labels = _summary(program)
    for label in sorted(labels):
        event(label)
    ops = program.ops()
    target(float(len(ops)), label="ops")
    target(float(w.depth), label="wave depth")
    cross = sum(1 for t, _ in w.transfers if t.target and t.target.home != t.source.home)
    target(float(cross + len(w.exec_devices)), label="cross-device")
    return labels
