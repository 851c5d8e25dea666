"""Which control-flow edges can carry a value to a use, where constant loop bounds decide branches.

A block argument merges what every branch into its block passes. A use sees only what the last branch
into the block passed before control went on towards the use, and constants can rule edges out: a loop
`0 to 3` lowered to blocks enters its header from the entry with `0 < 3`, so that entry edge always
goes on into the body, never straight to the exit; at the exit the loop-carried argument holds the
body's value alone. Where a branch condition is not a constant under the edge's values (a bound that
is a function argument), both ways count: the compiler must place memory right for every input.

`scf.for` with constant bounds gets the same treatment from its trip count (`trip_count`).
"""

from __future__ import annotations

from dataclasses import dataclass

from iree.compiler import ir

_UNSIGNED = 1 << 64  # index and i64 compared as unsigned wrap at 64 bits
# arith::CmpIPredicate, in enum order.
_COMPARE = {
    0: lambda a, b: a == b,
    1: lambda a, b: a != b,
    2: lambda a, b: a < b,
    3: lambda a, b: a <= b,
    4: lambda a, b: a > b,
    5: lambda a, b: a >= b,
    6: lambda a, b: a % _UNSIGNED < b % _UNSIGNED,
    7: lambda a, b: a % _UNSIGNED <= b % _UNSIGNED,
    8: lambda a, b: a % _UNSIGNED > b % _UNSIGNED,
    9: lambda a, b: a % _UNSIGNED >= b % _UNSIGNED,
}


@dataclass(frozen=True, eq=False)
class Edge:
    """One way into `target`: successor `slot` of `source`'s terminator, passing `operands`. Made once per
    branch (`Paths.out_of`), so it compares by identity: hashing the bindings' values is slow."""

    source: ir.Block
    slot: int
    target: ir.Block
    operands: tuple[ir.Value, ...]


def constant(value: ir.Value) -> int | None:
    """The integer an `arith.constant` defines (i1 true is 1), else None."""
    owner = value.owner
    if isinstance(owner, ir.Block) or owner.name != "arith.constant":
        return None
    attr = owner.attributes["value"]
    if not isinstance(attr, ir.IntegerAttr):
        return None
    return ir.IntegerAttr(attr).value


def trip_count(loop: ir.Operation) -> int | None:
    """How many times an `scf.for` runs, when its bounds and step are constants (None otherwise)."""
    lower, upper, step = (constant(v) for v in list(loop.operands)[:3])
    if lower is None or upper is None or step is None or step <= 0:
        return None
    return max(0, -(-(upper - lower) // step))


def terminator(block: ir.Block) -> ir.Operation:
    return list(block.operations)[-1].operation


class Paths:
    """Edges between the blocks of multi-block regions, the ones that can run, and which reach a use."""

    def __init__(self) -> None:
        self._incoming: dict[ir.Block, list[Edge]] = {}
        self._out: dict[ir.Block, list[Edge]] = {}
        self._live: dict[ir.Region, set[Edge]] = {}
        self._live_blocks: dict[ir.Region, set[ir.Block]] = {}
        self._reach: dict[tuple[ir.Block, ir.Block, ir.Block], bool] = {}
        self._taken: dict[tuple[ir.Block, Edge | None], frozenset[int]] = {}

    def incoming(self, block: ir.Block) -> list[Edge]:
        """Every edge into `block` (cf.br, both slots of cf.cond_br, other branches by successor)."""
        if block not in self._incoming:
            self._incoming[block] = [
                edge
                for predecessor in block.predecessors
                for edge in self.out_of(predecessor)
                if edge.target == block
            ]
        return self._incoming[block]

    def out_of(self, block: ir.Block) -> list[Edge]:
        if block not in self._out:
            self._out[block] = _edges_out(block)
        return self._out[block]

    def taken(self, block: ir.Block, entered: Edge | None) -> frozenset[int]:
        """The successor slots `block`'s terminator can take when control came in by `entered` (None: as
        the region's entry block)."""
        key = (block, entered)
        if key not in self._taken:
            branch = terminator(block)
            taken = frozenset(range(len(branch.successors)))
            if branch.name == "cf.cond_br":
                condition = self._value_under(branch.operands[0], block, entered)
                if condition is not None:
                    taken = frozenset({0 if condition else 1})
            self._taken[key] = taken
        return self._taken[key]

    def live_edges(self, region: ir.Region) -> set[Edge]:
        """The edges some run of the region takes: from its entry block on, each block's branch followed
        where the edge that entered it leaves it able to go."""
        if region not in self._live:
            live: set[Edge] = set()
            blocks: set[ir.Block] = set()
            work: list[tuple[ir.Block, Edge | None]] = [(region.blocks[0], None)]
            while work:
                block, entered = work.pop()
                blocks.add(block)
                taken = self.taken(block, entered)
                for edge in self.out_of(block):
                    if edge.slot in taken and edge not in live:
                        live.add(edge)
                        work.append((edge.target, edge))
            self._live[region] = live
            self._live_blocks[region] = blocks
        return self._live[region]

    def runs(self, block: ir.Block) -> bool:
        """Can control reach `block` (single-block regions always run)?"""
        region = block.region
        if len(list(region.blocks)) == 1:
            return True
        self.live_edges(region)
        return block in self._live_blocks[region]

    def reaching(self, block: ir.Block, at: ir.Block | None, slot: int | None) -> tuple[Edge, ...]:
        """The live edges into `block` whose arguments can be what a use sees: a use at block `at` (or in
        a region nested in it), or, with `slot`, as the operand of `block`'s own branch to that successor.
        """
        live = self.live_edges(block.region)
        edges = [e for e in self.incoming(block) if e in live]
        at = _lift(at, block.region)
        if at is None or (at == block and slot is None):
            return tuple(edges)  # a use in the block itself: whatever entered it last
        if at == block:
            wanted = frozenset({slot})
        else:
            successors = list(terminator(block).successors)
            wanted = frozenset(
                i for i, s in enumerate(successors) if s != block and self._reaches(s, at, block)
            )
        return tuple(e for e in edges if self.taken(block, e) & wanted)

    def _reaches(self, start: ir.Block, goal: ir.Block, avoiding: ir.Block) -> bool:
        """Is `goal` reachable from `start` without passing through `avoiding` (which would redefine the
        arguments the use is asking about)?"""
        key = (start, goal, avoiding)
        if key not in self._reach:
            seen = {start}
            work = [start]
            found = False
            while work and not found:
                block = work.pop()
                if block == goal:
                    found = True
                    break
                for successor in terminator(block).successors:
                    if successor != avoiding and successor not in seen:
                        seen.add(successor)
                        work.append(successor)
            self._reach[key] = found
        return self._reach[key]

    def _value_under(self, value: ir.Value, block: ir.Block, entered: Edge | None) -> int | None:
        """The integer `value` holds at `block`'s end when control entered it by `entered`, if constants
        decide it: a constant, an argument the edge passes a constant to, or a comparison of those."""
        owner = value.owner
        if isinstance(owner, ir.Block):
            if owner != block or entered is None:
                return None
            return constant(entered.operands[ir.BlockArgument(value).arg_number])
        if owner.name == "arith.cmpi":
            lhs, rhs = (self._value_under(v, block, entered) for v in owner.operands)
            predicate = ir.IntegerAttr(owner.attributes["predicate"]).value
            if lhs is None or rhs is None or predicate not in _COMPARE:
                return None
            return int(_COMPARE[predicate](lhs, rhs))
        return constant(value)


def _edges_out(block: ir.Block) -> list[Edge]:
    branch = terminator(block)
    successors = list(branch.successors)
    if branch.name == "cf.br":
        return [Edge(block, 0, successors[0], tuple(branch.opview.destOperands))]
    if branch.name == "cf.cond_br":
        view = branch.opview
        return [
            Edge(block, 0, successors[0], tuple(view.trueDestOperands)),
            Edge(block, 1, successors[1], tuple(view.falseDestOperands)),
        ]
    # Another branch (cf.switch, ...): its successors are reached, what it passes is not read here.
    return [Edge(block, i, s, ()) for i, s in enumerate(successors)]


def _lift(at: ir.Block | None, region: ir.Region) -> ir.Block | None:
    """The block of `region` that holds `at` (a use nested in an op's region counts as that op's)."""
    while at is not None and at.region != region:
        parent = at.owner
        at = parent.operation.block if parent is not None and parent.operation.parent is not None else None
    return at
