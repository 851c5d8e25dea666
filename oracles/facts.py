"""Read compiled stream IR into placement facts: where each resource's storage lives and who touches it.

Walks a module printed after `iree-stream-schedule-allocation` (or the whole stream pipeline) with the
`iree.compiler.ir` bindings. Every resource operand is traced back to the op that created its storage
(alloca, constants, import, function argument, ...) through subviews, awaits, barriers, execute block
arguments and scf regions (if, for, while). Each touch of a resource becomes an `Access` naming the
consuming device(s).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from iree.compiler import ir

from .affinity import Devices, Topology, devices_of
from .intent import Intent
from .paths import Edge, Paths, terminator, trip_count

# Ops whose results are fresh storage, and the attribute naming where it is placed.
_STORAGE_OPS = {
    "stream.resource.alloca": "alloca",
    "stream.resource.alloc": "alloc",
    "stream.resource.constants": "constants",
    "stream.tensor.import": "import",
    "util.global.load": "global",
    "stream.cmd.parameter.load": "parameter",
}
# Storage kinds whose placement the compiler chooses (the rest the user pins, or come from elsewhere), and
# the op that makes each: what a fix re-places and a CHECK line names.
PLACED_BY_COMPILER = {
    kind: name for name, kind in _STORAGE_OPS.items() if kind in ("alloca", "constants", "parameter")
}
# Host-side ops that touch a resource (its first operand) outside any execute, and what they do to it.
_HOST_USES = {
    "stream.resource.load": "load",
    "stream.resource.store": "store",
    "stream.resource.size": "size",
}
# Host-side ops that hand a resource (each resource operand) to code that keeps using it after them: the
# caller (a return), a callee, a global, a buffer view (an export). The memory must still be live there.
HAND_OFFS = {
    "util.return": "return",
    "func.return": "return",
    "util.call": "call",
    "func.call": "call",
    "util.global.store": "global-store",
    "stream.tensor.export": "export",
}
_WRITE_BIT = 2  # stream::ResourceAccessBitfield::Write
EXPECT_ATTR = "fuzz.expect"  # discardable attribute the generators put on a value's final consumer


@dataclass(frozen=True)
class Storage:
    """Memory created by one op result. `devices` is None when the placement is not known here."""

    id: int
    kind: str  # alloca | alloc | constants | import | global | argument | <op name> for opaque producers
    devices: Devices | None
    attr: ir.Attribute | None  # the affinity attribute, None when absent
    value: ir.Value  # the storage value itself

    # Printing names and attributes is slow in the bindings; only violations need them.
    @property
    def affinity(self) -> str:
        return str(self.attr) if self.attr is not None else ""

    @property
    def name(self) -> str:
        return self.value.get_name()


@dataclass(frozen=True)
class Access:
    """One op touching a resource on behalf of some device(s)."""

    kind: str  # read | write | flush | invalidate | export | dealloca | expect
    devices: Devices | None  # the consuming devices (None: the op has no affinity)
    attr: ir.Attribute | None
    storages: frozenset[int]
    op: ir.Operation
    value: ir.Value  # the resource as used at the op
    order: int  # program order of the access within its function
    execute: int | None  # index of the enclosing stream.cmd.execute, if any
    # For execute captures: the commands that touch it inside, e.g. ("copy:r", "dispatch:w").
    uses: tuple[str, ...] = ()

    @property
    def affinity(self) -> str:
        return str(self.attr) if self.attr is not None else ""

    @property
    def resource(self) -> str:
        return self.value.get_name()


@dataclass(frozen=True)
class Range:
    """Bytes of one resource (as a value inside an execute) that a command reads or writes."""

    value: ir.Value
    offset: ir.Value
    length: ir.Value
    writes: bool
    op: ir.Operation
    # A dispatch binding `iree-stream-fuse-dispatch-bindings` rebased to the whole resource: the real
    # offset travels as a dispatch operand, so these bytes say nothing about what the dispatch touches.
    widened: bool = False
    # Both ranges of a copy of bytes onto themselves (same resource, same offset): it rewrites what is
    # there, so it cannot disturb a concurrent reader (a concurrent writer can lose its update).
    identity: bool = False


@dataclass
class Wave:
    """A stream.cmd.concurrent: each member command (or nested region) with the ranges it touches."""

    members: list[list[Range]] = field(default_factory=list)


@dataclass(frozen=True)
class ChannelUse:
    """A stream.cmd.collective inside an execute, and the stream.channel.create its channel comes from."""

    op: ir.Operation
    channel: ir.Value
    attr: ir.Attribute | None  # the channel's affinity (None: created without one, or not created here)
    devices: Devices | None
    execute: int


@dataclass(frozen=True)
class Returned:
    """One operand of a `util.return` of a `util.func` that hands a resource to the caller: the resource
    itself, or a `stream.tensor.export` of one (then `value` is the export's source)."""

    op: ir.Operation  # the util.return
    index: int  # the operand's position
    ordinal: int  # its position among the returned resources (and exports) of the return
    value: ir.Value  # the resource
    storages: frozenset[int]


@dataclass
class Facts:
    topology: Topology
    intent: Intent | None = None  # what the input program transferred; None when unknown
    storages: list[Storage] = field(default_factory=list)
    accesses: list[Access] = field(default_factory=list)
    waves: list[Wave] = field(default_factory=list)
    execute_devices: list[Devices | None] = field(default_factory=list)  # indexed by Access.execute
    # (source, target) ranges of every stream.cmd.copy within one resource: HAL copies may not overlap.
    same_resource_copies: list[tuple[Range, Range]] = field(default_factory=list)
    channel_uses: list[ChannelUse] = field(default_factory=list)
    # Storage a public function returns (its callers are unknown to the compiler), and storage that is the
    # initial value of an `scf.for` that may run zero times (then the init is the loop's result): where two
    # known bugs lose a value's consumers (`oracles.marks`).
    returned: set[int] = field(default_factory=set)
    loop_inits: set[int] = field(default_factory=set)
    # Storage -> the storages stream.cmd.copy moves bytes between it and (in either direction).
    copy_partners: dict[int, set[int]] = field(default_factory=dict)
    # What `lifetime.py` reads: every stream.resource.dealloca (`origin` ones too, which `accesses` leaves
    # out: they name no device), and the host's own touches of a resource (load, store, size) and hand-offs
    # of one (return, call, global-store, export: `HAND_OFFS`).
    releases: list[Access] = field(default_factory=list)
    host_uses: list[Access] = field(default_factory=list)
    # What `globals.py` reads: each immutable resource global's `stream.affinity` (None when it has none),
    # and the storages every util.global.store puts in a global, by the global's name.
    immutable_globals: dict[str, ir.Attribute | None] = field(default_factory=dict)
    global_stores: dict[str, set[int]] = field(default_factory=dict)
    # What `fences.py` reads: every resource a function returns, and every `stream.timepoint.chain_external`
    # (the coarse-fences ABI signals the caller's fence with it).
    returns: list[Returned] = field(default_factory=list)
    fence_signals: list[ir.Operation] = field(default_factory=list)

    def storage(self, storage_id: int) -> Storage:
        return self.storages[storage_id]


def read_facts(module: ir.Module, intent: Intent | None = None) -> Facts:
    reader = _Reader(Facts(Topology.of_module(module), intent), _executables(module))
    reader.facts.immutable_globals = _immutable_globals(module)
    for op in module.body.operations:
        if op.operation.regions and op.operation.name in ("util.func", "func.func", "util.initializer"):
            reader.read_function(op.operation)
    return reader.facts


def _immutable_globals(module: ir.Module) -> dict[str, ir.Attribute | None]:
    """Immutable `util.global`s of a resource type, by name, with their `stream.affinity` if any."""
    return {
        ir.StringAttr(op.attributes["sym_name"]).value: op.attributes.get("stream.affinity", None)
        for op in module.body.operations
        if op.operation.name == "util.global"
        and "is_mutable" not in op.attributes
        and str(ir.TypeAttr(op.attributes["type"]).value).startswith("!stream.resource")
    }


def _executables(module: ir.Module) -> frozenset[str]:
    """Symbols of the `stream.executable`s with a body: the ones FuseDispatchBindings rewrites the
    dispatches of (`FuseDispatchBindings.cpp` skips executables without an inner module)."""
    return frozenset(
        ir.StringAttr(op.attributes["sym_name"]).value
        for op in module.body.operations
        if op.operation.name == "stream.executable"
        and any(child.operation.name == "builtin.module" for child in op.regions[0].blocks[0].operations)
    )


class _Reader:
    def __init__(self, facts: Facts, executables: frozenset[str] = frozenset()) -> None:
        self.facts = facts
        self.executables = executables
        self._origins: dict[object, frozenset[int]] = {}  # by value, or (value, edges) for a merge
        # While `freed` traces a dealloca's operand: the dealloca, and the branch each condition takes there.
        self._deciding: ir.Operation | None = None
        self._decided: tuple[tuple[ir.Value, int], ...] = ()
        self._paths = Paths()
        self._storage_ids: dict[ir.Value, int] = {}
        self._order = 0
        self._device_sets: dict[ir.Attribute, Devices | None] = {}

    def _devices(self, attr: ir.Attribute | None) -> Devices | None:
        """devices_of, memoized: a module repeats a handful of affinity attributes many times."""
        if attr is None:
            return None
        if attr not in self._device_sets:
            self._device_sets[attr] = devices_of(attr)
        return self._device_sets[attr]

    # -- tracing values back to storage -------------------------------------------------------------
    def _new_storage(self, value: ir.Value, kind: str, attr: ir.Attribute | None) -> int:
        if value not in self._storage_ids:
            storage = Storage(len(self.facts.storages), kind, self._devices(attr), attr, value)
            self.facts.storages.append(storage)
            self._storage_ids[value] = storage.id
        return self._storage_ids[value]

    def origins(self, value: ir.Value, at: ir.Block | None = None, slot: int | None = None) -> frozenset[int]:
        """The storages `value` can hold where it is used: in block `at`, or (with `slot`) as the operand
        of at's branch to that successor. Only a merge of several edges (a non-entry block's argument)
        depends on the use; every other value holds the same storages wherever it is used."""
        edges: tuple[Edge, ...] | None = None
        if isinstance(value.owner, ir.Block):
            block = ir.BlockArgument(value).owner
            if block != block.region.blocks[0]:
                edges = self._paths.reaching(block, at, slot)
        key: object = value if edges is None else (value, edges)
        if self._decided:
            key = (key, self._deciding)
        if key in self._origins:
            return self._origins[key]
        self._origins[key] = frozenset()  # cycle guard for loop-carried values
        found = self._trace(value) if edges is None else self._merge(ir.BlockArgument(value), edges)
        self._origins[key] = found
        return found

    def freed(self, value: ir.Value, dealloca: ir.Operation) -> frozenset[int]:
        """The storages a dealloca of `value` frees: what `value` can hold there (`origins`), where the
        dealloca's own place decides a choice on the way. In a branch of `scf.if %c`, an scf.if or
        arith.select on that same %c, made in a block enclosing the dealloca (so in the same run of that
        block: %c is the same value), holds only its branch's value: a fix of
        corpus/runtime-error-reference-counting-deallocates-an-if-result-aliasing-a-live-buffer.mlir may
        deallocate an if result on the path where it is the branch's own buffer alone."""
        self._deciding, self._decided = dealloca, _decided_at(dealloca)
        try:
            return self.origins(value, dealloca.block)
        finally:
            self._deciding, self._decided = None, ()

    def _branch_taken(self, choice: ir.Operation) -> int | None:
        """The branch (0: then / true, 1: else / false) a choice on `choice.operands[0]` takes where the
        dealloca being traced sits, when its place decides it (`freed`); None otherwise."""
        if self._deciding is None or not self._decided:
            return None
        taken = next((branch for c, branch in self._decided if c == choice.operands[0]), None)
        if taken is None:
            return None
        current: ir.Operation | None = self._deciding
        while current is not None and current.name != "builtin.module":
            if current.block == choice.block:
                return taken
            parent = current.parent
            current = parent.operation if parent is not None else None
        return None

    def _merge(self, argument: ir.BlockArgument, edges: tuple[Edge, ...]) -> frozenset[int]:
        """A successor block's argument (scf lowered to cf): what the edges that can reach the use pass."""
        found: frozenset[int] = frozenset()
        for edge in edges:
            if argument.arg_number < len(edge.operands):
                found |= self.origins(edge.operands[argument.arg_number], edge.source, edge.slot)
        return found

    def _trace(self, value: ir.Value) -> frozenset[int]:
        if isinstance(value.owner, ir.Block):
            return self._trace_block_argument(ir.BlockArgument(value))
        op = value.owner
        name = op.name
        here = op.operation.block
        index = ir.OpResult(value).result_number
        if name in _STORAGE_OPS:
            attr = op.attributes.get("affinity", None)
            return frozenset({self._new_storage(value, _STORAGE_OPS[name], attr)})
        if name == "stream.resource.subview":
            return self.origins(op.operands[0], here)
        if name in ("stream.timepoint.await", "util.optimization_barrier"):
            resources = [v for v in op.operands if _is_resource(v)]
            return self.origins(resources[index], here)
        if name == "stream.timepoint.barrier":
            return self.origins(op.operands[0], here)
        if name == "arith.select":
            taken = self._branch_taken(op.operation)
            if taken is not None:
                return self.origins(op.operands[1 + taken], here)
            return self.origins(op.operands[1], here) | self.origins(op.operands[2], here)
        if name == "scf.for":
            # The result is the init when the loop runs zero times, the body's last value otherwise.
            body = op.regions[0].blocks[0]
            trips = trip_count(op.operation)
            found: frozenset[int] = frozenset()
            if trips is None or trips == 0:
                found |= self.origins(op.operands[3 + index], here)
            if trips is None or trips > 0:
                found |= self.origins(terminator(body).operands[index], body)
            return found
        if name == "scf.if":
            found = frozenset()
            taken = self._branch_taken(op.operation)
            for region in op.regions if taken is None else [op.regions[taken]]:
                for block in region.blocks:
                    found |= self.origins(terminator(block).operands[index], block)
            return found
        if name == "scf.while":
            # What the before region passes on when it exits: scf.condition's operands after the flag.
            before = op.regions[0].blocks[0]
            return self.origins(terminator(before).operands[1 + index], before)
        # Calls and anything else opaque: storage of unknown placement.
        return frozenset({self._new_storage(value, name, None)})

    def _trace_block_argument(self, argument: ir.BlockArgument) -> frozenset[int]:
        """An entry block's argument: an execute's capture, a loop's iter_arg, a function argument."""
        parent = argument.owner.owner
        name = parent.name
        here = parent.operation.block
        if name == "stream.cmd.execute":
            return self.origins(list(parent.opview.resource_operands)[argument.arg_number], here)
        if name == "scf.for" and argument.arg_number > 0:
            # The init on the first trip, the body's yield on later ones: a loop of one trip has no later.
            index = argument.arg_number - 1
            body = parent.regions[0].blocks[0]
            found = self.origins(parent.operands[3 + index], here)
            if trip_count(parent.operation) != 1:
                found |= self.origins(terminator(body).operands[index], body)
            return found
        if name == "scf.while":
            before, after = (region.blocks[0] for region in parent.regions)
            number = argument.arg_number
            if argument.owner == before:  # the init on the first trip, the body's yield on later ones
                return self.origins(parent.operands[number], here) | self.origins(
                    terminator(after).operands[number], after
                )
            return self.origins(terminator(before).operands[1 + number], before)  # what scf.condition passes
        kind = "argument" if name in ("util.func", "func.func") else f"block argument of {name}"
        return frozenset({self._new_storage(argument, kind, None)})

    # -- walking ops in program order ---------------------------------------------------------------
    def read_function(self, function: ir.Operation) -> None:
        for op in _ops_in(function, self._paths):
            self._read_op(op)

    def _access(
        self,
        kind: str,
        attr: ir.Attribute | None,
        value: ir.Value,
        op: ir.Operation,
        execute: int | None,
        uses: tuple[str, ...] = (),
    ) -> None:
        self.facts.accesses.append(self._touch(kind, attr, value, op, execute, uses))

    def _touch(
        self,
        kind: str,
        attr: ir.Attribute | None,
        value: ir.Value,
        op: ir.Operation,
        execute: int | None = None,
        uses: tuple[str, ...] = (),
    ) -> Access:
        self._order += 1
        storages = self.origins(value, op.block)
        return Access(kind, self._devices(attr), attr, storages, op, value, self._order, execute, uses)

    def channel_use(self, op: ir.Operation, execute: int) -> None:
        channel = op.opview.channel
        creator = None if isinstance(channel.owner, ir.Block) else channel.owner
        created_here = creator is not None and creator.name == "stream.channel.create"
        attr = _attr(creator, "affinity") if created_here else None
        self.facts.channel_uses.append(ChannelUse(op, channel, attr, self._devices(attr), execute))

    def _read_op(self, op: ir.Operation) -> None:
        name = op.name
        attrs = op.attributes
        if name == "stream.cmd.execute":
            self._read_execute(op)
            return
        if name == "stream.tensor.export":
            self._access("export", _attr(op, "affinity"), op.opview.source, op, None)
        elif name == "stream.resource.dealloca":
            release = self._touch("dealloca", _attr(op, "affinity"), op.opview.operand, op)
            release = replace(release, storages=self.freed(op.opview.operand, op))
            self.facts.releases.append(release)
            if not op.opview.prefer_origin:
                self.facts.accesses.append(release)
        elif name in _HOST_USES:
            resource = next(v for v in op.operands if _is_resource(v))
            self.facts.host_uses.append(self._touch(_HOST_USES[name], None, resource, op))
        elif name == "util.global.store" and _is_resource(op.operands[0]):
            stored = self.facts.global_stores.setdefault(ir.FlatSymbolRefAttr(attrs["global"]).value, set())
            stored.update(self.origins(op.operands[0], op.block))
        elif name == "util.return":
            self._read_return(op)
        elif name == "stream.timepoint.chain_external":
            self.facts.fence_signals.append(op)
        elif name == "scf.for" and trip_count(op) in (None, 0):
            for value in list(op.operands)[3:]:
                if _is_resource(value):
                    self.facts.loop_inits.update(self.origins(value, op.block))
        if name in HAND_OFFS:
            for value in op.operands:
                if _is_resource(value):
                    self.facts.host_uses.append(self._touch(HAND_OFFS[name], None, value, op))
        if EXPECT_ATTR in attrs:
            for value in op.operands:
                if _is_resource(value):
                    self._access("expect", attrs[EXPECT_ATTR], value, op, None)
        if name == "scf.for" and trip_count(op) == 0:
            return  # its body never runs
        for region in op.regions:
            for block in region.blocks:
                if self._paths.runs(block):
                    for child in block.operations:
                        self._read_op(child.operation)

    def _read_return(self, op: ir.Operation) -> None:
        function = op.parent
        if function is None or function.name != "util.func":
            return  # an initializer's
        public = _is_public(function)
        ordinal = 0
        for index, value in enumerate(op.operands):
            owner = value.owner
            exported = not isinstance(owner, ir.Block) and owner.name == "stream.tensor.export"
            resource = owner.operation.opview.source if exported else value
            if not _is_resource(resource):
                continue
            storages = self.origins(resource, op.block)
            if public and not exported:
                self.facts.returned.update(storages)
            self.facts.returns.append(Returned(op, index, ordinal, resource, storages))
            ordinal += 1

    def _read_execute(self, op: ir.Operation) -> None:
        execute = len(self.facts.execute_devices)
        affinity = _attr(op, "affinity")
        self.facts.execute_devices.append(self._devices(affinity))
        body = op.regions[0].blocks[0]
        ranges = list(_commands(body, self, execute))
        uses: dict[ir.Value, set[str]] = {}
        for r in ranges:
            uses.setdefault(r.value, set()).add(f"{r.op.name.rsplit('.', 1)[-1]}:{'w' if r.writes else 'r'}")
        # Block arguments of the execute are its captured resources, in operand order.
        captured = dict(zip(body.arguments, op.opview.resource_operands, strict=True))
        for argument, value in captured.items():
            touched = tuple(sorted(uses.get(argument, ())))
            kind = "write" if any(use.endswith(":w") for use in touched) else "read"
            self._access(kind, affinity, value, op, execute, touched)
        self._copy_partners(ranges, captured)

    def _copy_partners(self, ranges: list[Range], captured: dict[ir.Value, ir.Value]) -> None:
        """Storages a copy of this execute moves bytes between, each the other's partner."""
        ends: dict[ir.Operation, list[frozenset[int]]] = {}
        for r in ranges:
            if r.op.name == "stream.cmd.copy" and r.value in captured:
                ends.setdefault(r.op, []).append(self.origins(captured[r.value], r.op.block))
        for pair in ends.values():
            if len(pair) == 2:
                for one, other in ((pair[0], pair[1]), (pair[1], pair[0])):
                    for storage in one:
                        self.facts.copy_partners.setdefault(storage, set()).update(other - {storage})

    def read_wave(self, wave_op: ir.Operation, execute: int) -> Wave:
        wave = Wave()
        self.facts.waves.append(wave)
        for child in wave_op.regions[0].blocks[0].operations:
            wave.members.append(list(_commands_of(child.operation, self, execute)))
        return wave


def _commands(block: ir.Block, reader: _Reader, execute: int) -> Iterator[Range]:
    for child in block.operations:
        yield from _commands_of(child.operation, reader, execute)


def _commands_of(op: ir.Operation, reader: _Reader, execute: int) -> Iterator[Range]:
    """Ranges touched by one command inside an execute; records flushes, invalidates and waves on the way."""
    name = op.name
    view = op.opview
    if name == "stream.cmd.copy":
        identity = view.source == view.target and view.source_offset == view.target_offset
        source = Range(view.source, view.source_offset, view.length, False, op, identity=identity)
        target = Range(view.target, view.target_offset, view.length, True, op, identity=identity)
        if view.source == view.target:
            reader.facts.same_resource_copies.append((source, target))
        yield source
        yield target
    elif name == "stream.cmd.fill":
        yield Range(view.target, view.target_offset, view.target_length, True, op)
    elif name in ("stream.cmd.dispatch", "stream.cmd.collective"):
        if name == "stream.cmd.collective":
            reader.channel_use(op, execute)
        accesses = [ir.IntegerAttr(a).value for a in view.resource_accesses]
        fusable = name == "stream.cmd.dispatch" and _dispatches_into(op, reader.executables)
        for value, size, offset, length, access in zip(
            view.resources,
            view.resource_sizes,
            view.resource_offsets,
            view.resource_lengths,
            accesses,
            strict=True,
        ):
            widened = fusable and length == size and _is_zero(offset)
            yield Range(value, offset, length, bool(access & _WRITE_BIT), op, widened)
    elif name in ("stream.cmd.flush", "stream.cmd.invalidate"):
        kind = "flush" if name == "stream.cmd.flush" else "invalidate"
        reader._access(kind, _attr(op, "source_affinity"), view.target, op, execute)
    elif name == "stream.cmd.concurrent":
        for member in reader.read_wave(op, execute).members:
            yield from member
    elif name == "stream.cmd.serial":
        yield from _commands(op.regions[0].blocks[0], reader, execute)


def _decided_at(op: ir.Operation) -> tuple[tuple[ir.Value, int], ...]:
    """The condition of each scf.if enclosing `op`, with the branch `op` is in (0 then, 1 else)."""
    decided: list[tuple[ir.Value, int]] = []
    current = op
    while current.name != "builtin.module":
        parent = current.parent
        if parent is None:
            break
        enclosing = parent.operation
        if enclosing.name == "scf.if":
            for branch, region in enumerate(enclosing.regions):
                if any(block == current.block for block in region.blocks):
                    decided.append((enclosing.operands[0], branch))
        current = enclosing
    return tuple(decided)


def _dispatches_into(op: ir.Operation, executables: frozenset[str]) -> bool:
    """Some entry point of the dispatch is in an executable of this module."""
    entry_points = ir.ArrayAttr(op.attributes["entry_points"])
    return any(ir.SymbolRefAttr(entry).value[0] in executables for entry in entry_points)


def _is_zero(value: ir.Value) -> bool:
    owner = value.owner
    return (
        not isinstance(owner, ir.Block)
        and owner.name == "arith.constant"
        and ir.IntegerAttr(owner.attributes["value"]).value == 0
    )


def _ops_in(function: ir.Operation, paths: Paths) -> Iterator[ir.Operation]:
    """The function's ops, leaving out blocks no run reaches (a loop's body that constants skip)."""
    for region in function.regions:
        for block in region.blocks:
            if paths.runs(block):
                for op in block.operations:
                    yield op.operation


def _is_public(function: ir.Operation | None) -> bool:
    if function is None or function.name not in ("util.func", "func.func"):
        return False
    visibility = function.attributes.get("sym_visibility", None)
    return visibility is None or ir.StringAttr(visibility).value == "public"


def _attr(op: ir.Operation, name: str) -> ir.Attribute | None:
    return op.attributes.get(name, None)


def _is_resource(value: ir.Value) -> bool:
    return str(value.type).startswith("!stream.resource")
