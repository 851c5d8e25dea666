"""Drawn specs: the raw choices Hypothesis makes, before the builder turns them into a program.

A program is drawn as a flat list of integer *tokens*. Each token decodes to a kind (an op, or a
structural marker such as "open a wave", "end", "new execute") plus packed choices (which earlier
value to use, which device, what size). The builder interprets the tokens with a stack, ignoring
markers that make no sense where they appear, and resolves every choice against the values that
exist at that point. So deleting any token still gives a valid program: deleting an op token drops
the op, deleting an "open" token dissolves that region into its parent. Hypothesis shrinks lists
by deleting elements, which is exactly "shrink by removing ops and regions". One integer per token
also keeps drawing cheap (one engine draw per op).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class OpKind(StrEnum):
    """A token that adds an op. `OpBuilder.op` builds each with a `match` that mypy holds to every member
    (`assert_never`): a new member is an error there until it is built."""

    SPLAT = "splat"
    TRANSFER = "transfer"
    FILL = "fill"
    UPDATE = "update"
    COPY = "copy"
    CLONE = "clone"
    SLICE = "slice"
    DISPATCH = "dispatch"
    BARRIER = "barrier"
    ALLOCA = "alloca"
    CONSTANT = "constant"
    COLLECTIVE = "collective"
    IMPORT = "import"
    EXPORT = "export"
    GLOBAL = "global"
    PARAMETER = "parameter"
    STAGING = "staging"
    SELECT = "select"


class Marker(StrEnum):
    """A structural token: `exec` starts a new execute region, `wave` opens stream.async.concurrent, `for` /
    `if` / `call` open scf.for / scf.if / a callee, `else` switches to the else branch, `end` closes."""

    EXEC = "exec"
    WAVE = "wave"
    FOR = "for"
    IF = "if"
    ELSE = "else"
    CALL = "call"
    END = "end"


class Shape(StrEnum):
    """A token that adds a shape of IREE's multi-device bugs (issue 26) made of existing ops
    (`generators.shapes`), drawn under the `wide` switch: `spread` moves a value to 3+ devices or along a
    barrier chain, `import_written` writes a borrowed import in place, `global_init` (L1) loads an
    initialized global. `concat` updates a multi-result dispatch's results into slices of one buffer, and
    `gather` into one on another device: no table has them, a dispatch or transfer token's high bits make
    them (`generators.dispatches.decode`), so that they shrink to the plain op in one step. `dynamic_splat`
    and `dynamic_alloca` are splat and alloca tokens' variants: the op sized `k * %n`, read by a dispatch at
    once.
    `execute_region` wraps the ops that follow it in an `scf.execute_region` (`builder.wrap_execute_regions`):
    deleting the token unwraps them."""

    SPREAD = "spread"
    IMPORT_WRITTEN = "import_written"
    GLOBAL_INIT = "global_init"
    CONCAT = "concat"
    GATHER = "gather"
    DYNAMIC_SPLAT = "dynamic_splat"
    DYNAMIC_ALLOCA = "dynamic_alloca"
    EXECUTE_REGION = "execute_region"


Token = OpKind | Marker | Shape

# Op kinds that each have a swarm switch of their name, in the order switches are listed.
OPS: tuple[OpKind, ...] = (
    OpKind.SPLAT,
    OpKind.TRANSFER,
    OpKind.FILL,
    OpKind.UPDATE,
    OpKind.COPY,
    OpKind.CLONE,
    OpKind.SLICE,
    OpKind.DISPATCH,
    OpKind.BARRIER,
    OpKind.ALLOCA,
    OpKind.CONSTANT,
    OpKind.COLLECTIVE,
    OpKind.SELECT,
)


def token(name: str) -> Token:
    """The token a table entry names (a ValueError names an entry that is neither)."""
    if name in OpKind.__members__.values():
        return OpKind(name)
    return Shape(name) if name in Shape.__members__.values() else Marker(name)


# Token kinds per level. Repeats are weights: a token picks `table[token % len(table)]`.
TABLE = {
    "l2": (
        "splat",
        "transfer",
        "transfer",
        "transfer",
        "fill",
        "update",
        "copy",
        "clone",
        "slice",
        "dispatch",
        "dispatch",
        "barrier",
        "wave",
        "wave",
        "wave",
        "wave",
        "end",
        "exec",
        "exec",
        "import",
        "export",
        "export",
        "export",
        "alloca",
        "collective",
        "spread",
        "import_written",
        "execute_region",
    ),
    "l1": (
        "splat",
        "transfer",
        "transfer",
        "transfer",
        "fill",
        "update",
        "copy",
        "clone",
        "slice",
        "dispatch",
        "dispatch",
        "barrier",
        "for",
        "for",
        "for",
        "if",
        "if",
        "if",
        "else",
        "end",
        "end",
        "call",
        "call",
        "call",
        "call",
        "call",
        "import",
        "export",
        "alloca",
        "constant",
        "global",
        "global",
        "collective",
        "parameter",
        "staging",
        "select",
        "spread",
        "spread",
        "global_init",
        "global_init",
        "import_written",
        "import_written",
        "execute_region",
        "execute_region",
    ),
}


@dataclass(frozen=True)
class ProgramSpec:
    level: str
    n_devices: int
    # Bit i set: print device i as `#hal.device.promise` rather than `#hal.device.affinity`.
    promise_mask: int
    switches: frozenset[str]
    tokens: tuple[int, ...]
    max_depth: int = 4
    # Digits of the module and function attributes (`builder.configs`): which config, which values.
    config_bits: int = 0
    # Digits of each device's queue set under the `queues` switch (`builder.QUEUES`).
    queue_bits: int = 0
    # The release the program is drawn for (`programs(target=...)`): what its printed text may say.
    target: tuple[int, int] = (3, 13)
