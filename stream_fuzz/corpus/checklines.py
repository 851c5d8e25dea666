"""CHECK lines that state the *correct* output for a finding, kept only when they witness the bug.

For a value consumed on device D whose storage the compiler placed on devices P, the correct output
allocates it for D and P together (e.g. `optimal<[@d3, @d0]>` for a transfer from @d3 read on @d0). For a
missing flush it has a flush to D (or an invalidate from the writer); for a race, the two commands in
different waves. Each candidate group is tried in turn, from the most general to the most specific (the
same storage op by position in its function), and the first whose lines fail on the faulty output and pass
on a plausibly fixed one (`fixes.plausible_fix`) is kept: every kept line tells the two apart.

A clobbered read is a fact about the async IR on the way, not the final output: `clobber_lines` states it on
the IR printed before the async stage ends, as the invariant copy-on-write establishes: the storage an op
writes in place is not used after that op.
"""

from __future__ import annotations

import itertools
import re
from typing import assert_never

from iree.compiler import ir

from stream_fuzz.corpus.filecheck import run_filecheck
from stream_fuzz.interrupts import not_interruptible
from stream_fuzz.judge.fixes import has_derived_fix, plausible_fix
from stream_fuzz.oracles import Rule, Violation
from stream_fuzz.oracles.clobber import WRITES_TARGET
from stream_fuzz.oracles.facts import PLACED_BY_COMPILER

_STORAGE_OPS = PLACED_BY_COMPILER  # storage kind -> the op that places it
_MAX_DEVICES = 3  # beyond this the alternation of orders grows too large to read


def _all_of(devices: list[str]) -> str:
    """Regex for the inside of `on(...)` naming every device in `devices`, in any order."""
    orders = [
        "[^)]*".join(f"@{re.escape(d)}[>,]" for d in order) for order in itertools.permutations(devices)
    ]
    return "[^)]*(" + "|".join(orders) + ")[^)]*"


def _any_of(devices: list[str]) -> str:
    """Regex for the inside of `on(...)` naming at least one of `devices`."""
    return "[^)]*@(" + "|".join(re.escape(d) for d in devices) + ")[>,][^)]*"


@not_interruptible
def candidate_groups(violations: tuple[Violation, ...], faulty: str) -> list[list[str]]:
    """Groups of CHECK lines, most general first; each group alone states the correct output."""
    general: list[str] = []
    specific: list[list[str]] = []
    for v in violations:
        placed = list(v.placed_devices)
        consumers = [d for d in v.consumers if d not in placed]
        op = _STORAGE_OPS.get(v.storage_kind)
        rule = v.rule
        # Stated elsewhere: a clobbered read on the async IR (`clobber_lines`), a result's device by a
        # run (L3), a checker's rule by the RUN line that runs IREE's checker; the rest of these rules have
        # no one correct output to state, and the oracle replays them (`fixes.NoDerivedFix`).
        if not has_derived_fix(rule):
            continue
        match rule:
            case Rule.READ | Rule.WRITE | Rule.EXPORT | Rule.FLUSH | Rule.INVALIDATE | Rule.EXPECT:
                if not (op and consumers):
                    continue
                wanted = sorted(set(consumers) | set(placed))[:_MAX_DEVICES]
                storage = f"{op} .*on\\({_all_of(wanted)}\\)"
                if v.rule is Rule.EXPORT and placed:  # or the buffer is handed out where it lives
                    export = f"stream.tensor.export on\\({_any_of(placed)}\\)"
                    general.append("// CHECK-DAG: {{(" + storage + "|" + export + ")}}")
                else:
                    general.append("// CHECK-DAG: {{" + storage + "}}")
                positional = _positional(faulty, v, "on({{" + _all_of(wanted) + "}})")
                if positional:
                    specific.append(positional)
            case Rule.TRANSFER:
                for device in v.consumers:
                    flush = f"stream.cmd.flush to\\([^)]*@{re.escape(device)}[>,]"
                    pulls = [f"stream.cmd.invalidate from\\([^)]*@{re.escape(w)}[>,]" for w in v.writers]
                    general.append("// CHECK-DAG: {{(" + "|".join([flush, *pulls]) + ")}}")
            case Rule.DEALLOCA:
                if placed:
                    general.append(
                        "// CHECK-DAG: stream.resource.dealloca on({{"
                        + _all_of(placed[:_MAX_DEVICES])
                        + "}})"
                    )
            case Rule.RACE:
                specific.append(_apart(v, faulty))
            case Rule.CHANNEL:  # a channel of the collective's own device
                general.append(
                    "// CHECK-DAG: stream.channel.create on({{" + _all_of(list(v.consumers)) + "}})"
                )
            case Rule.OVERLAP:  # the overlapping copy is gone
                general.append(f"// CHECK-NOT: {_escaped(v.op.split(' : ', 1)[0])}")
            case _:
                assert_never(rule)
    groups = [list(dict.fromkeys(general))] if general else []
    return groups + [group for group in specific if group]


def _positional(faulty: str, violation: Violation, wanted: str) -> list[str]:
    """The violation's storage op, found by its position among ops of its kind in its function, with the
    placement it should have: `CHECK-LABEL` the function, skip the ops before it, `CHECK-SAME` the rest."""
    try:
        module = ir.Module.parse(faulty, ir.Context())
    except ir.MLIRError:
        return []
    name = _STORAGE_OPS.get(violation.storage_kind, "")
    for function in module.body.operations:
        if function.operation.name not in ("util.func", "func.func"):
            continue
        ops = [op for op in _walk(function.operation) if op.name == name]
        for index, op in enumerate(ops):
            if any(result.get_name() == violation.storage for result in op.results):
                symbol = ir.StringAttr(function.operation.attributes["sym_name"]).value
                lines = [f"// CHECK-LABEL: @{symbol}("]
                if index:
                    lines.append(f"// CHECK-COUNT-{index}: {name}")
                return [*lines, f"// CHECK: {name}", f"// CHECK-SAME: {wanted}"]
    return []


def _apart(violation: Violation, faulty: str) -> list[str]:
    """The racing commands (in program order) with the end of their wave between them: not one wave.
    The wave's closing brace is told from other braces by its indentation in the faulty output."""
    first, second = _racing_lines(violation)
    lines = faulty.splitlines()
    at = next((i for i, line in enumerate(lines) if line.strip().startswith(first.strip())), None)
    if not first or not second or at is None:
        return []
    depth = len(lines[at]) - len(lines[at].lstrip())
    wave = next(
        (
            line
            for line in reversed(lines[:at])
            if "stream.cmd.concurrent {" in line and len(line) - len(line.lstrip()) < depth
        ),
        None,
    )
    if wave is None:
        return []
    indent = " " * (len(wave) - len(wave.lstrip()))
    return [
        f"// CHECK: {_escaped(first)}",
        "// CHECK: {{^" + indent + "}$}}",
        f"// CHECK: {_escaped(second)}",
    ]


def _racing_lines(violation: Violation) -> tuple[str, str]:
    """The two commands' first lines, from the race message "... one writes: 'A' and 'B'"."""
    match = re.search(r"one writes: '(.*)' and '(.*)'$", violation.message)
    return (match[1], match[2]) if match else ("", "")


def _escaped(line: str) -> str:
    """A FileCheck pattern for a printed line: literal, with SSA names of values left free."""
    text = line.strip().removesuffix(" {")
    return re.sub(r"\{\{|\}\}", lambda m: "{{[" + m[0][0] + "][" + m[0][0] + "]}}", text)


def _walk(op: ir.Operation) -> list[ir.Operation]:
    found: list[ir.Operation] = []
    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                found.append(child.operation)
                found.extend(_walk(child.operation))
    return found


def primary(violations: tuple[Violation, ...]) -> tuple[Violation, ...]:
    """The violations of the rule a finding is filed under (the first in `Rule` order): its bug. A fix of
    that bug leaves the others alone, so that is what the CHECK lines are checked against."""
    order = list(Rule)
    first = min((v.rule for v in violations), key=order.index)
    return tuple(v for v in violations if v.rule is first)


@not_interruptible
def witnessing_lines(violations: tuple[Violation, ...], faulty: str) -> list[str]:
    """The first candidate group FileCheck rejects on the faulty output and accepts on its plausible fix.
    Without a fix to compare with, lines that reject the faulty output are kept."""
    if not violations:
        return []
    violations = primary(violations)
    fixed = plausible_fix(faulty, violations)
    for group in candidate_groups(violations, faulty):
        checks = "\n".join(group) + "\n"
        if run_filecheck(checks, faulty)[0]:
            continue
        if fixed is None or run_filecheck(checks, fixed)[0]:
            return group
    return []


# An SSA name as printed after its `%`: `0`, `arg1`, `results_0#1` (no group: FileCheck numbers them).
_SSA_NAME = "[A-Za-z0-9_]+[#0-9]*"


def clobber_lines(violations: tuple[Violation, ...]) -> list[str]:
    """CHECK lines for the first clobbered read that has a name in the printed IR (`Violation.scope`): in
    its function, the op that writes the storage in place (found by its kind and how many of that kind come
    before it, the storage's name captured there), then no use of that name up to the end of the block
    that holds the writer and the reader. Any correct output passes them: the read moved before the write,
    the writer given a copy (another name), the two in one region that orders them. One that moves or
    removes the writer itself (another partitioning, the write not done in place) needs the lines
    rewritten by hand. The lines read indentation (whose terminator ends the block): FileCheck runs them
    with --strict-whitespace. [] when no clobbered read has a scope (outside a named function)."""
    scope = next((v.scope for v in violations if v.rule is Rule.CLOBBER and v.scope), None)
    if scope is None:
        return []
    function, writer, _, capture, end, index, indent = scope
    name = f"%[[W:{_SSA_NAME}]]"
    if capture:  # a region taking the storage in: `with(..., %value as %arg0: ...)`
        at = f"{writer} {{{{.*}}}}{name} as {capture}:"
    elif writer in WRITES_TARGET:  # printed `... -> %target as !stream.resource<...>`
        at = f"{writer} {{{{.*}}}}-> {name} as "
    else:  # a tied result: `-> %value{%size}`, or one of `-> (..., %value{%size})`
        at = f"{writer} {{{{.*}}}}-> {{{{.*}}}}{name}{{{{[{{]}}}}"
    # The writer is looked for in the function only: no other function's definition comes before it.
    other_function = "// CHECK-NOT:   {{(util|func)\\.func }}"
    lines = [f"// CHECK-LABEL: func {{{{.*}}}}@{function}(", other_function]
    if index:
        lines += [f"// CHECK-COUNT-{index}: {writer} ", other_function]
    unused = "// CHECK-NOT:   %[[W]]{{[^A-Za-z0-9_#]}}"
    return [
        *lines,
        f"// CHECK:       {at}{{{{.*}}}}",  # the rest of its line: a tied result names the storage again
        unused,
        # The block's own terminator (by its indentation: nested regions have theirs), which may hand the
        # storage out, a use too; then the block's closing brace.
        f"// CHECK:       {{{{^}}}}{' ' * indent}{end}",
        unused,
        f"// CHECK:       {{{{^}}}}{' ' * (indent - 2)}}}",
    ]
