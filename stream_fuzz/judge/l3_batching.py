"""Judge several L3 cases with one compile of each phase, and still say exactly which program a finding is in.

    verdicts = judge_cases(compiler, cases)   # one `L3Verdict` per case, in order

Cases with the same devices are merged into one module (`compiler.frontend_batch`), compiled once to the
stream phase and once to a `.vmfb`, and run function by function in one loaded module. The batch vouches
only for the cases that came out clean (no finding on their part of the stream-phase IR, every result
NumPy's): their verdict is the batch's. Every other case is judged again, and what is reported is that:

- a case with any finding in the batch (wrong result, runtime error, broken rule) is judged alone
  (`l3.judge_case`), the entry's `iree-compile` / `iree-run-module` repro being that of the program alone;
- so is a case whose program shares a dispatch with another program of the batch (IREE deduplicates equal
  executables across functions and then passes constants it would fold alone as operands): what was
  compiled is not what the program compiles to alone;
- a batch that does not compile, crashes or hangs is split: its suspects (the programs its errors point
  into, or for a crash those of a known crash shape, `known_crash_shape`) are judged alone and the rest
  batched again at once; without suspects, in halves, down to single cases judged alone. Either way the
  guilty program is isolated and its neighbours are judged without it.

So a batch can cost a finding only by hiding it (clean merged, not alone); `benchmarks/bench_batching.py
--level l3` measures that (`findings_equal`) on the same programs judged both ways.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.compiler.frontend_batch import BatchFailed, BatchReply, FrontendBatchRequest
from stream_fuzz.judge.batching import BatchCounts
from stream_fuzz.judge.l3 import Case, L3Verdict, finding_of, judge_case

# Cases per compile. An L3 module's compile is mostly per module (20 copies of the known-good function
# compile in ~6x the time of one); past ~16 a failing batch costs more to bisect than merging saves.
L3_BATCH_SIZE = 16


def batchable(compiler: FrontendCompiler, flags: tuple[str, ...]) -> bool:
    """Only the pinned compiler's API and runtime batch (an `iree-compile` binary compiles one file, an
    `iree-run-module` binary runs `@main`), and only cases without options (their own compile)."""
    return compiler.iree_compile is None and compiler.iree_run_module is None and not flags


def judge_cases(
    compiler: FrontendCompiler,
    cases: Sequence[Case],
    execute: bool = True,
    size: int = L3_BATCH_SIZE,
    counts: BatchCounts | None = None,
) -> list[L3Verdict]:
    """One verdict per case, each a clean batch result or the case's own `judge_case`. Cases are merged
    `size` at a time with the cases of the same devices, in order."""
    counts = counts if counts is not None else BatchCounts()
    verdicts: list[L3Verdict | None] = [None] * len(cases)
    groups: dict[int, list[int]] = {}
    for index, case in enumerate(cases):
        if batchable(compiler, case.flags):
            groups.setdefault(case.devices, []).append(index)
        else:
            verdicts[index] = judge_case(compiler, case, execute)
            counts.alone += 1
    pending = [
        group[start : start + size] for group in groups.values() for start in range(0, len(group), size)
    ]
    while pending:
        group = pending.pop()
        if len(group) == 1:
            verdicts[group[0]] = judge_case(compiler, cases[group[0]], execute)
            counts.alone += 1
            continue
        counts.batches += 1
        texts = tuple(dict.fromkeys(cases[i].text for i in group))  # a program drawn twice compiles once
        calls = tuple((texts.index(cases[i].text), cases[i].inputs) for i in group)
        request = FrontendBatchRequest(texts, cases[group[0]].devices, calls, execute)
        reply = compiler.run_batch(request)
        if not isinstance(reply, BatchReply):  # did not compile, crashed or hung
            counts.splits += 1
            if isinstance(reply, BatchFailed):  # the diagnostic's programs are the suspects
                suspects = [i for i in group if texts.index(cases[i].text) in reply.named]
            else:  # a crash or hang names none: a known crash shape is the suspect
                suspects = [i for i in group if known_crash_shape(cases[i].text)]
            pending += _split(group, suspects)
            continue
        share = {stage: seconds / len(group) for stage, seconds in reply.timing.items()}
        for index, run, (program, _) in zip(group, reply.runs, calls, strict=True):
            finding = finding_of(run, cases[index])
            if finding is None and run.outcome == "ok" and program not in reply.sharing:
                verdicts[index] = L3Verdict(replace(run, timing=share), None)
                counts.vouched += 1
            else:
                verdicts[index] = judge_case(compiler, cases[index], execute)
                counts.alone += 1
    return [v for v in verdicts if v is not None]


def known_crash_shape(text: str) -> bool:
    """Does the program have a shape IREE is known to crash on (`moves_a_constant`, `forall_of_many`)?"""
    return forall_of_many(text) or moves_a_constant(text)


_FORALL = re.compile(r"scf\.forall \(%[\w$.]+\) in \((\d+)\)")


def forall_of_many(text: str) -> bool:
    """Does the program have a function-level `scf.forall` of more than one iteration (as L3 prints it)?
    IREE's affinity analysis crashes on it (corpus/crash-affinity-analysis-function-level-scf-forall.mlir,
    IREE #24775); one of one iteration folds away first."""
    return any(int(trips) > 1 for trips in _FORALL.findall(text))


def moves_a_constant(text: str) -> bool:
    """Does the program move a value computed from constants alone to a device (`flow.tensor.transfer`
    of it)? IREE hoists such values into initializers and evaluates them at compile time, and its
    const-eval crashes on the device affinity or rejects the program (corpus/crash-consteval-jit-of-a-
    constant-transferred-to-a-device.mlir, its alias invalid-program-ae3d667628f6): most batches of
    seed 0's 400 L3 programs that crash hold one."""
    from iree.compiler import ir

    with _context() as context:
        module = ir.Module.parse(text, context)
        transfers: list[ir.Operation] = []

        def visit(op: ir.Operation) -> ir.WalkResult:
            if op.name == "flow.tensor.transfer":
                transfers.append(op)
            return ir.WalkResult.ADVANCE

        module.operation.walk(visit)
        return any(not _reads_an_argument(op.operands[0], set()) for op in transfers)


@cache
def _context() -> Any:
    """One MLIR context for reading programs (making one loads every dialect: ~25 ms)."""
    from iree.compiler import ir

    return ir.Context()


def _reads_an_argument(value: Any, seen: set[int]) -> bool:
    """Is a block argument among what `value` is computed from (its backward slice)?"""
    owner = value.owner
    if not hasattr(owner, "operation"):  # a block argument's owner is its block
        return True
    op = owner.operation
    if id(op) in seen:
        return False
    seen.add(id(op))
    return any(_reads_an_argument(operand, seen) for operand in op.operands)


def _split(group: list[int], suspects: list[int]) -> list[list[int]]:
    """A failed batch's parts: each suspect alone and the rest batched again, when the suspects are at
    most half the batch; else halves. A wrong guess costs a compile: the rest fails again and is split
    again. A crash costs a new worker too, so a good guess there saves several."""
    if 0 < len(suspects) <= len(group) // 2:
        return [[i for i in group if i not in suspects], *([i] for i in suspects)]
    middle = (len(group) + 1) // 2
    return [group[:middle], group[middle:]]


__all__ = [
    "L3_BATCH_SIZE",
    "batchable",
    "forall_of_many",
    "judge_cases",
    "known_crash_shape",
    "moves_a_constant",
]
