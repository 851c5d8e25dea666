"""Judge several L3 cases with one compile of each phase, and still say exactly which program a finding is in.

    verdicts = judge_cases(compiler, cases)   # one `L3Verdict` per case, in order

Cases with the same devices (and module attributes) are merged into one module (`compiler.frontend_batch`),
compiled once to the stream phase and once to a `.vmfb`, and run function by function in one loaded module.
The batch vouches only for the cases that came out clean (no finding on their part of the stream-phase IR,
every result NumPy's): their verdict is the batch's. Every other case is judged again, and what is reported
is that:

- a case with any finding in the batch (wrong result, runtime error, broken rule) is judged alone
  (`l3.judge_case`), the entry's `iree-compile` / `iree-run-module` repro being that of the program alone;
- so is a case whose part is not what its program compiles to alone (`BatchReply.sharing`: IREE
  deduplicated a dispatch across functions and folded its operands by every program's sites, or pooled
  constants of several programs);
- a batch that does not compile, crashes or hangs is split: its suspects (the programs its errors point
  into) are judged alone and the rest batched again at once; without suspects, in halves, down to single
  cases judged alone. Either way the guilty program is isolated and its neighbours are judged without it.
- a case of a known crash shape (`known_crash_shape`) or whose text a finding is known of is judged alone
  at once, never merged (`BatchMemory`); one whose text an earlier batch compiled runs in that batch's
  module; one whose text's alone verdict was a finding of the compile gets that verdict (the compile
  sees the text, not the inputs). So is a program with an `iree.abi.transients` argument: a batch's run
  passes each function its tensors, not the storage it takes.

So a batch can cost a finding only by hiding it (clean merged, not alone); `benchmarks/bench_batching.py
--level l3` measures that (`findings_equal`) on the same programs judged both ways.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.compiler.frontend_batch import BatchFailed, BatchReply, Compiled, FrontendBatchRequest
from stream_fuzz.interrupts import not_interruptible
from stream_fuzz.judge.batching import BatchCounts
from stream_fuzz.judge.l3 import Case, L3Verdict, finding_of, judge_case, transients_of

# Cases per compile. An L3 module's compile is mostly per module (20 copies of the known-good function
# compile in ~6x the time of one); past ~16 a failing batch costs more to bisect than merging saves.
L3_BATCH_SIZE = 16


def batchable(compiler: FrontendCompiler, flags: tuple[str, ...]) -> bool:
    """Only the pinned compiler's API and runtime batch (an `iree-compile` binary compiles one file, an
    `iree-run-module` binary runs `@main`), and only cases without options (their own compile)."""
    return compiler.iree_compile is None and compiler.iree_run_module is None and not flags


@dataclass
class BatchMemory:
    """What judging in batches has learnt of program texts, kept between calls (one per compiler).
    Hypothesis draws the same program again with other inputs, so a text is often judged twice:

    - `alone`: texts judged alone with a finding (a crash, a rejection, a wrong result...): drawn again,
      such a text is judged alone at once, not merged to break or taint a batch first. When that finding
      was the compile's (a crash, a rejection or unreadable output of the stream phase or the `.vmfb`
      compile, or a program that does not parse), the verdict is kept: the compile sees the text, not
      the inputs, so the same program with other inputs gets that verdict of its own, judged alone,
      without crashing the worker again (a crash costs a new worker and the native crash report, ~5 s);
    - `compiled`: texts an earlier batch compiled and would vouch for (their part and function, and
      that batch's `.vmfb` in `modules`): drawn again, such a text is run in that module, not compiled;
      a batch takes them on top of its `size` new programs. Kept here, not in the worker, so that a
      worker that crashed on a program judged alone loses nothing.

    Both are bounded (oldest forgotten first), so memory stays flat over a long campaign."""

    alone: dict[str, L3Verdict | None] = field(default_factory=dict)
    compiled: dict[str, Compiled] = field(default_factory=dict)
    modules: dict[int, bytes] = field(default_factory=dict)
    limit: int = 512  # programs kept compiled (a part, 16-22 KB of text, and 1/8 of a 28 KB module)
    serial: int = 0

    def remember_alone(self, text: str, verdict: L3Verdict) -> None:
        self.alone.pop(text, None)
        kept = replace(verdict, run=replace(verdict.run, timing={})) if compiles_so(verdict) else None
        self.alone[text] = kept
        while len(self.alone) > 4 * self.limit:
            del self.alone[next(iter(self.alone))]

    def remember_compiled(self, reply: BatchReply, texts: tuple[str, ...]) -> None:
        if not reply.compiled:
            return
        self.serial += 1
        self.modules[self.serial] = reply.module
        for index, compiled in reply.compiled.items():
            self.compiled.pop(texts[index], None)
            self.compiled[texts[index]] = replace(compiled, module=self.serial)
        while len(self.compiled) > self.limit:
            del self.compiled[next(iter(self.compiled))]
        if len(self.modules) > self.limit // 4:  # drop the modules no program runs in any more
            used = {compiled.module for compiled in self.compiled.values()}
            self.modules = {key: vmfb for key, vmfb in self.modules.items() if key in used}

    def request(
        self, texts: tuple[str, ...], devices: int, calls: Any, execute: bool
    ) -> FrontendBatchRequest:
        compiled = tuple(self.compiled.get(text) for text in texts)
        used = dict.fromkeys(c.module for c in compiled if c is not None)
        modules = tuple((key, self.modules[key]) for key in used)
        return FrontendBatchRequest(texts, devices, calls, execute, compiled, modules)


_MEMORIES: weakref.WeakKeyDictionary[FrontendCompiler, BatchMemory] = weakref.WeakKeyDictionary()


def memory_of(compiler: FrontendCompiler) -> BatchMemory:
    memory = _MEMORIES.get(compiler)
    if memory is None:
        memory = _MEMORIES[compiler] = BatchMemory()
    return memory


def judge_cases(
    compiler: FrontendCompiler,
    cases: Sequence[Case],
    execute: bool = True,
    size: int = L3_BATCH_SIZE,
    counts: BatchCounts | None = None,
) -> list[L3Verdict]:
    """One verdict per case, each a clean batch result or the case's own `judge_case`. Cases are merged
    with the cases of the same devices and module attributes, `size` programs not compiled before at a
    time, in order."""
    counts = counts if counts is not None else BatchCounts()
    memory = memory_of(compiler)
    verdicts: list[L3Verdict | None] = [None] * len(cases)

    def alone(index: int, remember: bool = True) -> None:
        """`remember`: a case of the pinned compiler without options (what `BatchMemory` keeps)."""
        if remember and (known := memory.alone.get(cases[index].text)) is not None:
            verdicts[index] = known  # its compile's finding, judged alone (`BatchMemory`)
            counts.reused += 1
            return
        verdict = verdicts[index] = judge_case(compiler, cases[index], execute)
        counts.alone += 1
        if remember and (verdict.finding is not None or verdict.generator_defect):
            memory.remember_alone(cases[index].text, verdict)

    groups: dict[tuple[int, str], list[int]] = {}
    for index, case in enumerate(cases):
        if not batchable(compiler, case.flags):
            alone(index, remember=False)
        elif transients_of(case.text) is not None:
            alone(index)  # a batch calls each program with its tensors only, never with its storage
        elif case.text in memory.alone or known_crash_shape(case.text):
            counts.screened += memory.alone.get(case.text) is None  # not batched: a finding is likely
            alone(index)
        else:
            groups.setdefault((case.devices, module_attributes_line(case.text)), []).append(index)
    pending = [part for group in groups.values() for part in _parts(group, cases, memory, size)]
    while pending:
        group = pending.pop()
        if len(group) == 1 and cases[group[0]].text not in memory.compiled:
            alone(group[0])
            continue
        texts = tuple(dict.fromkeys(cases[i].text for i in group))  # a program drawn twice compiles once
        calls = tuple((texts.index(cases[i].text), cases[i].inputs) for i in group)
        request = memory.request(texts, cases[group[0]].devices, calls, execute)
        reply = compiler.run_batch(request)
        ran = {program for program, compiled in enumerate(request.compiled) if compiled is not None}
        if isinstance(reply, BatchReply) and len(ran) < len(texts):
            counts.batches += 1
        if not isinstance(reply, BatchReply):  # did not compile, crashed or hung
            counts.batches += 1
            counts.splits += 1
            suspects = []  # a crash or hang names none (a known crash shape is never merged): halves
            if isinstance(reply, BatchFailed):  # the diagnostic's programs are the suspects
                suspects = [i for i in group if texts.index(cases[i].text) in reply.named]
            pending += _split(group, suspects)
            continue
        memory.remember_compiled(reply, texts)
        share = {stage: seconds / len(group) for stage, seconds in reply.timing.items()}
        for index, run, (program, _) in zip(group, reply.runs, calls, strict=True):
            counts.cached += program in ran
            finding = finding_of(run, cases[index])
            if finding is None and run.outcome == "ok" and program not in reply.sharing:
                verdicts[index] = L3Verdict(replace(run, timing=share), None)
                counts.vouched += 1
            else:
                alone(index)
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


def compiles_so(verdict: L3Verdict) -> bool:
    """Is the verdict's finding the compile's, whatever the inputs: the program does not parse, or a
    compile phase crashed, rejected it or printed what does not read back (a hang may be the load's)?"""
    run = verdict.run
    compiled = run.stage in ("stream", "vmfb") and run.outcome in ("crash", "diagnostic", "bad-output")
    return verdict.finding is not None and (verdict.generator_defect or compiled)


def module_attributes_line(text: str) -> str:
    """The line opening a program's module when it has attributes (L3's default device,
    `frontend_print.default_device`), else "": only programs with the same share a module (`batch.merge`)."""
    first = text.split("\n", 1)[0]
    return first if first.startswith("module attributes") else ""


def _parts(group: list[int], cases: Sequence[Case], memory: BatchMemory, size: int) -> list[list[int]]:
    """One device count's cases as batches of about `size` programs not compiled before (the cases of
    one program together; rather one batch of up to 1.5 `size` than a program left over alone), those
    compiled before spread over them (they only run)."""
    new: dict[str, list[int]] = {}
    old: list[int] = []
    for index in group:
        if cases[index].text in memory.compiled:
            old.append(index)
        else:
            new.setdefault(cases[index].text, []).append(index)
    programs = list(new.values())
    count = max(1, round(len(programs) / size))
    parts: list[list[int]] = [[] for _ in range(count)]
    for n, program in enumerate(programs):
        parts[n * count // max(len(programs), 1)] += program
    for n, index in enumerate(old):
        parts[n % count].append(index)
    return [sorted(part) for part in parts if part]


@not_interruptible
def moves_a_constant(text: str) -> bool:
    """Does the program move a value computed from constants alone to a device (`flow.tensor.transfer`
    of it)? IREE hoists such values into initializers and evaluates them at compile time, and its
    const-eval crashes on the device affinity or rejects the program (corpus/crash-consteval-jit-of-a-
    constant-transferred-to-a-device.mlir, its alias invalid-program-ae3d667628f6): most batches of
    seed 0's 400 L3 programs that crash hold one."""
    from iree.compiler import ir

    if "flow.tensor.transfer" not in text:
        return False
    if text in _SHAPES:
        return _SHAPES[text]
    with _context() as context:
        module = ir.Module.parse(text, context)
        transfers: list[ir.Operation] = []

        def visit(op: ir.Operation) -> ir.WalkResult:
            if op.name == "flow.tensor.transfer":
                transfers.append(op)
            return ir.WalkResult.ADVANCE

        module.operation.walk(visit)
        found = any(not _reads_an_argument(op.operands[0], set()) for op in transfers)
    if len(_SHAPES) >= 4096:
        del _SHAPES[next(iter(_SHAPES))]
    _SHAPES[text] = found
    return found


_SHAPES: dict[str, bool] = {}  # `moves_a_constant` of the texts read lately
_READER: list[Any] = []  # the MLIR context programs are read in, and how many it has read


def _context() -> Any:
    """An MLIR context for reading programs (making one loads every dialect: ~25 ms), a new one every
    500 programs: a context keeps every type and attribute it has seen, so memory would grow."""
    from iree.compiler import ir

    if not _READER or _READER[1] >= 500:
        _READER[:] = [ir.Context(), 0]
    _READER[1] += 1
    return _READER[0]


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
