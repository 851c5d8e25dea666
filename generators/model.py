"""Typed program model: plain data classes that the printer turns into MLIR text.

A program is a list of functions over resource values. Every value records where it must
live (its *home* device); that intent is what the oracle checks after compilation. The
builder (``generators.builder``) is the only code that constructs these objects from
drawn specs, so every invariant that keeps the IR valid lives in one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, assert_never

# The fuzzing levels: L1 flat async IR, L2 pre-scheduled IR (this model), L3 whole programs through the
# frontend (`generators.frontend`). Campaigns, reports and the fleet count per level, in this order.
Level = Literal["l1", "l2", "l3"]
LEVELS: tuple[Level, ...] = ("l1", "l2", "l3")

AffinityKind = Literal["affinity", "promise", "optimal"]
Lifetime = Literal["external", "transient", "*"]
ScalarType = Literal["i32", "index"]

# Release that first parses each construct; the printer leaves out what the target lacks.
SYNTAX_SINCE: dict[str, tuple[int, int]] = {
    "async_barrier": (3, 2),
    "optimal": (3, 5),
    "topology": (3, 11),
    "transfer_on": (3, 12),
    "parameter": (3, 11),
}


class DynSize(int):
    """A size that is not a constant: `int(self)` times main's `index` argument `%n` (bytes), printed as the
    SSA value `%n<k>` (`arith.muli %n, %c<k>`) and, in tensor types, as `?`. The builder computes with it as
    with a static size: sums and differences of dynamic sizes, and multiples, quotients and shifts of one by
    a count, stay dynamic (a quotient or shift is taken of the coefficient: `(k // c) * n`, which is at most
    `(k * n) // c`, so a part computed so still fits in the whole). A dynamic and a static size are never
    equal and cannot be compared or added (`TypeError`): for n unknown, neither is provably the larger, so an
    op relating two sizes (an update within its target, a select of two values, a loop's carried slot) takes
    both of one kind. Printing one as an integer raises too, so that text can never show a dynamic size as
    its coefficient."""

    __slots__ = ()

    def _size(self, o: object, op: str) -> int:
        if isinstance(o, DynSize):
            return int(o)
        if type(o) is int and o == 0:
            return 0
        raise TypeError(f"{op} of a dynamic size ({int(self)} * %n) and a static one ({o!r})")

    def _count(self, o: object, op: str) -> int:
        if type(o) is not int:
            raise TypeError(f"{op} of a dynamic size by {o!r}: only by a count")
        return o

    def __add__(self, o: object) -> DynSize:
        return DynSize(int(self) + self._size(o, "sum"))

    __radd__ = __add__

    def __sub__(self, o: object) -> DynSize:
        return DynSize(int(self) - self._size(o, "difference"))

    def __rsub__(self, o: object) -> DynSize:
        return DynSize(self._size(o, "difference") - int(self))

    def __mul__(self, o: object) -> DynSize:
        return DynSize(int(self) * self._count(o, "product"))

    __rmul__ = __mul__

    def __floordiv__(self, o: object) -> DynSize:
        return DynSize(int(self) // self._count(o, "quotient"))

    def __rshift__(self, o: object) -> DynSize:
        return self // (1 << self._count(o, "shift"))

    def __lshift__(self, o: object) -> DynSize:
        return DynSize(int(self) << self._count(o, "shift"))

    def __eq__(self, o: object) -> bool:
        return isinstance(o, DynSize) and int(self) == int(o)

    def __ne__(self, o: object) -> bool:
        return not self == o

    def __hash__(self) -> int:
        return hash(("dyn", int(self)))

    def __lt__(self, o: object) -> bool:
        return int(self) < self._size(o, "comparison")

    def __le__(self, o: object) -> bool:
        return int(self) <= self._size(o, "comparison")

    def __gt__(self, o: object) -> bool:
        return int(self) > self._size(o, "comparison")

    def __ge__(self, o: object) -> bool:
        return int(self) >= self._size(o, "comparison")

    def __repr__(self) -> str:
        return f"DynSize({int(self)})"

    def __str__(self) -> str:
        raise TypeError(f"a dynamic size ({int(self)} * %n) printed as an integer")

    def __format__(self, spec: str) -> str:
        raise TypeError(f"a dynamic size ({int(self)} * %n) printed as an integer")


def dynamic(size: int) -> bool:
    return isinstance(size, DynSize)


def sized_like(v: Value, size: int) -> int:
    """`size` bytes, or `size * %n` when `v`'s size is dynamic."""
    return DynSize(size) if dynamic(v.size) else size


def comparable(a: int, b: int) -> bool:
    """Both sizes static, or both dynamic: only then is one provably at most the other."""
    return dynamic(a) == dynamic(b)


@dataclass(frozen=True)
class Affinity:
    """`#hal.device.affinity<@d>` / `promise<@d>` / `optimal<[...]>` over device names."""

    kind: AffinityKind
    devices: tuple[str, ...]
    # Kind used for each member of an optimal set (affinity or promise).
    member_kind: AffinityKind = "affinity"
    # Queues of the device (`#hal.device.affinity<@d, [0, 1]>`); empty: the whole device. Memory belongs to
    # the device, so two queue sets of one device share it: a value's home is the device either way.
    queues: tuple[int, ...] = ()

    @property
    def home(self) -> str:
        # Memory placed on optimal<[a, b]> is usable by every member; the first is the one we name.
        return self.devices[0]


@dataclass(eq=False)
class Value:
    """An SSA resource value: `!stream.resource<lifetime>{size}` that must live on `homes`. `size` is in
    bytes, or a `DynSize` (a multiple of main's `%n`).

    `homes` is the device set of the affinity the value was placed with: one device, or every member
    of an `optimal<[...]>` transfer target. An op running on device E may read or write the value
    only if E is in `homes`; anywhere else it must be moved first with `stream.async.transfer`.
    `home` (the first member) is the device expectations and exports name.
    """

    id: int
    size: int
    lifetime: Lifetime
    homes: tuple[str, ...]
    # For block arguments: the value captured from the enclosing scope.
    origin: Value | None = None

    @property
    def home(self) -> str:
        return self.homes[0]

    def lives_on(self, device: str) -> bool:
        return device in self.homes

    @property
    def name(self) -> str:
        return f"%v{self.id}"

    def root(self) -> Value:
        """The value outside every region this one was captured from."""
        v = self
        while v.origin is not None:
            v = v.origin
        return v


# ---- ops that work on resources (async phase) --------------------------------------------------


@dataclass(eq=False)
class Splat:
    result: Value
    pattern: int
    affinity: Affinity | None = None


@dataclass(eq=False)
class Alloca:
    """`stream.async.alloca`: fresh storage whose contents are undefined until written."""

    result: Value
    affinity: Affinity | None = None


@dataclass(eq=False)
class Constant:
    """`stream.async.constant ... = dense<...>`: bytes known at compile time. A splat of one value is
    folded into a `stream.async.splat` by canonicalization; a ramp stays a constant."""

    result: Value
    ramp: bool  # dense<[0, 1, 2, ...]> rather than one repeated byte
    affinity: Affinity | None = None


@dataclass(frozen=True)
class Global:
    """`util.global private mutable @gN : !stream.resource<variable>`, of a value placed on `affinity`.
    With an `initial` byte: an immutable `!stream.resource<constant>` global holding it from the start, as
    iree-stream-conversion lowers a global with an initial value (a `util.initializer` stores a constant made
    on `affinity`, or with `pinned` off on no device at all: a hoisted constant), loaded, never stored."""

    name: str
    size: int
    affinity: Affinity
    initial: int | None = None
    pinned: bool = True

    @property
    def home(self) -> str:
        return self.affinity.home


@dataclass(eq=False)
class GlobalStore:
    """Moves `source` into a `variable` resource on its device and stores it in `target`."""

    source: Value
    target: Global


@dataclass(eq=False)
class GlobalLoad:
    """Loads `source` and moves it out to a resource of the program's lifetime on the global's device (an
    initialized global: on the result's device, which may be another)."""

    source: Global
    result: Value
    target: Affinity | None = None  # an initialized global's: where the loaded value is moved to


@dataclass(eq=False)
class ParameterLoad:
    """`stream.async.parameter.load on(device) "model"::"<key>"`: a named parameter's bytes in a `constant`
    resource on the device (from an archive given at run time), moved to the program's lifetime there."""

    result: Value
    key: str
    affinity: Affinity


@dataclass(eq=False)
class Staged:
    """A round trip through host memory: `source` is moved to a `staging` resource on `source_affinity`,
    the host reads its first word (`stream.async.load`) and writes it over the last one (`stream.async.store`,
    in place), and the staging resource is moved on to `result` on `target`."""

    source: Value
    result: Value
    source_affinity: Affinity
    target: Affinity


@dataclass(eq=False)
class Select:
    """`arith.select %cond, a, b` of two values of one size and home, on main's i1 argument: the result is
    one of them, and which one is known only at run time."""

    when_true: Value
    when_false: Value
    result: Value


@dataclass(eq=False)
class Fill:
    """In place: writes `pattern` into target[offset, offset+length); result is tied to target."""

    target: Value
    result: Value
    pattern: int
    offset: int
    length: int
    affinity: Affinity | None = None


@dataclass(eq=False)
class Update:
    """In place: writes all of `update` into target at `offset`."""

    update: Value
    target: Value
    result: Value
    offset: int
    affinity: Affinity | None = None


@dataclass(eq=False)
class Copy:
    """In place: copies `length` bytes of source into target."""

    source: Value
    target: Value
    result: Value
    length: int
    affinity: Affinity | None = None


@dataclass(eq=False)
class Clone:
    source: Value
    result: Value
    affinity: Affinity | None = None


@dataclass(eq=False)
class Slice:
    source: Value
    result: Value
    offset: int
    affinity: Affinity | None = None


@dataclass(eq=False)
class Dispatch:
    """`stream.async.dispatch @ex::@entry[workload](scalars, operands) -> results`; `tied[i]` is the index
    among `operands` of the one result i writes in place, or None for a fresh result. `workload` (index
    constants) and `scalars` (constants of type `i32` or `index`, passed before the resources) are what
    frontends hand a dispatch besides its bindings; both may be empty."""

    entry: str
    operands: list[Value]
    results: list[Value]
    tied: list[int | None]
    affinity: Affinity | None = None
    workload: tuple[int, ...] = ()
    scalars: tuple[tuple[ScalarType, int], ...] = ()


@dataclass(eq=False)
class Collective:
    """`stream.async.collective<op : f32>` on `affinity`'s device, over that device's channel (one
    `stream.channel.create` per device, ranked by its index among the program's devices): reads `send`,
    writes all of `recv` in place and `result` is `recv` written. With no `recv`, a fresh
    `stream.async.alloca` is printed just before, as the frontends lower collectives."""

    op: str  # all_gather, all_reduce with sum, reduce_scatter with sum, all_to_all, send_recv
    send: Value
    recv: Value | None
    result: Value
    channel: Affinity  # where the channel is created (the device's affinity, also at L2)
    affinity: Affinity | None = None


@dataclass(eq=False)
class Transfer:
    source: Value
    result: Value
    target: Affinity | None
    source_affinity: Affinity | None = None
    # Execution affinity (`on(...)`), parsed since 3.12.
    execution: Affinity | None = None


@dataclass(eq=False)
class AsyncBarrier:
    """`stream.async.barrier`: a passthrough that pins a value to an affinity (3.2+)."""

    source: Value
    result: Value
    affinity: Affinity | None = None


@dataclass(eq=False)
class Import:
    """`stream.tensor.import on(device)` of the function's `handle`-th buffer view argument."""

    result: Value
    handle: int
    affinity: Affinity


@dataclass(eq=False)
class Export:
    """`stream.tensor.export on(device)`; the buffer view is returned from the function."""

    source: Value
    affinity: Affinity


@dataclass(eq=False)
class Expect:
    """`util.optimization_barrier {fuzz.expect = ...}`: the witness for an escaping value, naming the
    devices it may live on (its homes; memory on any one of them is right)."""

    value: Value
    devices: tuple[str, ...]


# ---- regions -------------------------------------------------------------------------------


@dataclass(eq=False)
class Region:
    """Common shape of execute and concurrent regions.

    `captures` are values of the enclosing scope, `args` the matching block arguments, `yields`
    values of the body, `results` the new values in the enclosing scope. `tied[i]` is the capture
    index that result i aliases (written in place inside), or None for a fresh result.
    """

    captures: list[Value] = field(default_factory=list)
    args: list[Value] = field(default_factory=list)
    body: list[Op] = field(default_factory=list)
    yields: list[Value] = field(default_factory=list)
    results: list[Value] = field(default_factory=list)
    tied: list[int | None] = field(default_factory=list)


@dataclass(eq=False)
class Concurrent(Region):
    """`stream.async.concurrent`: one wave of mutually independent work."""


@dataclass(eq=False)
class Execute(Region):
    """`stream.async.execute on(affinity)`; waits for the executes in `awaits`."""

    affinity: Affinity | None = None
    awaits: list[Execute] = field(default_factory=list)
    id: int = 0


# ---- structured control flow and calls (L1) ------------------------------------------------


@dataclass(eq=False)
class ForLoop:
    """`scf.for` over `trips` iterations carrying `inits` -> `args` -> `yields` -> `results`; with
    `while_loop`, the same loop as an `scf.while` that counts its trips in an index it carries first.
    `forward` (while loops only): the before region hands its carried slot `forward[k]` to slot k of the
    body and the results (empty: in order); slots exchanged this way have one type. The index runs from
    `lower` to `bound`: `lower + trips`, or `upper` when given (a loop of zero trips whose bounds are equal,
    or reversed: upper below lower); the results are then the inits."""

    trips: int
    inits: list[Value]
    args: list[Value]
    body: list[Op]
    yields: list[Value]
    results: list[Value]
    while_loop: bool = False
    forward: tuple[int, ...] = ()
    lower: int = 0
    upper: int | None = None

    @property
    def bound(self) -> int:
        return self.lower + self.trips if self.upper is None else self.upper


@dataclass(eq=False)
class IfElse:
    """`scf.if` on the function's i1 argument; with `blocks`, the same choice as multi-block `cf`: a
    `cf.cond_br` to a block per branch, each branching to a merge block whose arguments are the results."""

    then_body: list[Op]
    then_yields: list[Value]
    else_body: list[Op]
    else_yields: list[Value]
    results: list[Value]
    blocks: bool = False


@dataclass(eq=False)
class ExecuteRegion:
    """`scf.execute_region` around the ops of `body`: async ops at L1, executes at L2 (the builder's
    `wrap_execute_regions` moves in up to `take` ops that follow it, of the kinds `WRAPPABLE` names). It
    yields every value its ops make under the names they have inside (a region scopes its names: the
    results shadow them), and at L2 each execute's timepoint, so the code after it reads as without it."""

    take: int
    body: list[Op] = field(default_factory=list)


# What an `ExecuteRegion` wraps, per level: value-making async ops at L1 (no barrier: the printer may drop
# one for an old release and print its result under its source's name, defined outside the region), and
# whole executes at L2. An op inside an execute is never wrapped: IREE's allocation takes every op of an
# execute for a stream op (an `scf.execute_region` there crashes ScheduleAllocation's alias analysis).
WRAPPABLE = {
    "l1": ("Splat", "Fill", "Update", "Copy", "Clone", "Slice", "Dispatch", "Transfer"),
    "l2": ("Execute",),
}


def made(op: Op) -> list[Value]:
    """The values an op a region may wrap makes (`WRAPPABLE`)."""
    match op:
        case Splat() | Fill() | Update() | Copy() | Clone() | Slice() | Transfer():
            return [op.result]
        case Dispatch() | Execute():
            return list(op.results)
        case _:
            raise ValueError(f"an execute_region does not wrap {type(op).__name__}")


@dataclass(eq=False)
class Call:
    callee: str
    args: list[Value]
    results: list[Value]


Op = (
    Splat
    | Alloca
    | Constant
    | Fill
    | Update
    | Copy
    | Clone
    | Slice
    | Dispatch
    | Collective
    | Transfer
    | AsyncBarrier
    | Import
    | Export
    | Expect
    | GlobalStore
    | GlobalLoad
    | ParameterLoad
    | Staged
    | Select
    | Concurrent
    | Execute
    | ForLoop
    | IfElse
    | ExecuteRegion
    | Call
)


@dataclass(eq=False)
class Function:
    name: str
    params: list[Value]
    body: list[Op]
    returns: list[Value]
    public: bool = False
    # Public entry points take buffer views to import and an i1 for scf.if conditions.
    handles: int = 0
    # Public entry points may also return resources (`returns`): their consumer is outside the program,
    # so where they live is not the program's to say.


@dataclass(frozen=True)
class ResourceConfig:
    """`#stream.resource_config<{...}>`: the limits that steer allocation, packing and binding fusion.
    Sizes are far above what a program allocates, so no valid program is over a limit."""

    max_allocation_size: int
    min_buffer_offset_alignment: int
    max_buffer_range: int
    min_buffer_range_alignment: int
    index_bits: int
    alias_mutable_bindings: bool
    memory_model: Literal["Unified", "Discrete"]


@dataclass(frozen=True)
class Configs:
    """Module and function attributes that steer scheduling: `stream.resources` and `stream.partitioning`
    (on the module or on `main`). No default affinities: see strategies.CONFIGS."""

    resources: ResourceConfig | None = None
    partitioning: str | None = None  # a favor: "debug", "min-peak-memory", "max-concurrency"
    on_module: bool = True  # where the two configs go: the module, or `main`


@dataclass(eq=False)
class Program:
    level: Literal["l1", "l2"]
    devices: tuple[str, ...]
    functions: list[Function]
    # Unified-memory links (a, b) printed as `stream.topology` (3.11+).
    links: tuple[tuple[str, str], ...] = ()
    # Swarm switches that were on when this program was drawn (for debugging and stats).
    switches: frozenset[str] = frozenset()
    configs: Configs = Configs()
    # Queue set of each device named by queue (`queues` switch); members of optimal sets print it too.
    device_queues: dict[str, tuple[int, ...]] = field(default_factory=dict)
    globals: list[Global] = field(default_factory=list)
    # How `main` takes `%n`, the extent of its dynamic sizes (`DynSize`): "" (no dynamic size), "index" (an
    # index argument) or "i32" (an i32 argument cast with `arith.index_cast`). Every callee takes it too.
    extent: Literal["", "index", "i32"] = ""

    @property
    def pipeline(self) -> str:
        return "stream" if self.level == "l1" else "allocation"

    @property
    def main(self) -> Function:
        return self.functions[-1]

    @property
    def expectations(self) -> dict[str, tuple[str, ...]]:
        """SSA name (as printed) -> the devices the value may live on, for every witnessed value."""
        out: dict[str, tuple[str, ...]] = {}
        for fn in self.functions:
            for op in walk(fn.body):
                if isinstance(op, Expect):
                    out[op.value.name] = op.devices
                elif isinstance(op, Export):
                    out[op.source.name] = (op.affinity.home,)
        return out

    def ops(self) -> list[Op]:
        return [op for fn in self.functions for op in walk(fn.body)]


def operands(op: Op) -> list[Value]:
    """The resources `op` uses (reads, or writes in place), not counting the ops inside its regions."""
    match op:
        case Fill():
            return [op.target]
        case Update():
            return [op.update, op.target]
        case Copy():
            return [op.source, op.target]
        case Clone() | Slice() | Transfer() | AsyncBarrier() | Export() | GlobalStore() | Staged():
            return [op.source]
        case Dispatch():
            return list(op.operands)
        case Select():
            return [op.when_true, op.when_false]
        case Collective():
            return [op.send] if op.recv is None else [op.send, op.recv]
        case Concurrent() | Execute():
            return list(op.captures)
        case Call():
            return list(op.args)
        # Makers of new values; the witness (`Expect` observes a value without using it); loops and
        # branches, whose values flow through `inits` and yields rather than captures; execute_regions,
        # whose ops read what they read from the enclosing scope themselves.
        case Splat() | Alloca() | Constant() | Import() | GlobalLoad() | ParameterLoad() | Expect():
            return []
        case ForLoop() | IfElse() | ExecuteRegion():
            return []
        case _:
            assert_never(op)


def write_length(op: Fill | Update | Copy) -> int:
    """How many bytes of its target an in-place write covers."""
    return op.update.size if isinstance(op, Update) else op.length


def walk(body: list[Op]) -> list[Op]:
    """All ops in `body`, regions first then their contents (pre-order)."""
    out: list[Op] = []
    for op in body:
        out.append(op)
        if isinstance(op, Region | ForLoop | ExecuteRegion):
            out.extend(walk(op.body))
        elif isinstance(op, IfElse):
            out.extend(walk(op.then_body))
            out.extend(walk(op.else_body))
    return out


def supports(target: tuple[int, int], construct: str) -> bool:
    return target >= SYNTAX_SINCE[construct]
