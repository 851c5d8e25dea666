"""Judge several programs with one compile, and still say exactly which program a finding is in.

    verdicts = judge_batch(judge, texts, pipeline)   # one `Verdict` per text, in order

The compiler worker compiles the programs merged into one module (`compiler.batch`) and vouches only for
the programs that came out clean: their verdict is the batch's (the oracle ran on each program's part of
the output). Every other program is judged again, and what is reported is that judgement:

- a program that broke a rule in the batch, or whose part of the output did not split off cleanly, is
  judged alone (`Judge.judge`): a finding is always one program's own, found on it alone;
- a batch that does not compile (a crash, a hang, a verifier or pass error) is split in halves and each
  half compiled as a batch, down to single programs judged alone: the program that breaks the compile is
  isolated by bisection, and its neighbours are judged without it.

So a batch can cost a finding only by hiding it: a program clean when merged with others but not alone.
`benchmarks/bench_batching.py` measures that (`findings_equal`) on the same programs judged both ways.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stream_fuzz.compiler import Outcome
from stream_fuzz.compiler.batch import GROUP_FAILED
from stream_fuzz.compiler.inprocess import BATCH_STATE
from stream_fuzz.judge.verdict import Judge, Verdict, verdict_of

# Programs per compile. L1 and L2 programs are small: past ~16 the per-module share is already small and
# a failing batch costs more to bisect.
BATCH_SIZE = 16
# What a campaign batches by default, per level: only where `benchmarks/bench_batching.py` finds the same
# findings both ways on 400 programs (seed 0) and a campaign runs faster with it. None yet: L1 passes the
# benchmark's findings_equal but is no faster (0.95-1.49x with the load) and its campaigns ran slower.
DEFAULT_BATCH: dict[str, int] = {}


@dataclass
class BatchCounts:
    """How batches went: for benchmarks and the campaign's own accounting."""

    batches: int = 0  # merged compiles sent
    vouched: int = 0  # programs whose verdict is a batch's (clean)
    alone: int = 0  # programs judged alone (a rule broken in the batch, unsplittable, or bisected down)
    splits: int = 0  # batches that did not compile and were split in halves
    cached: int = 0  # L3: programs a batch ran in the module an earlier batch compiled them in
    screened: int = 0  # L3: programs judged alone at once (a finding known of the text, a crash shape)
    reused: int = 0  # L3: programs given the compile's finding their text got alone (other inputs)

    def add(self, other: BatchCounts) -> None:
        self.batches += other.batches
        self.vouched += other.vouched
        self.alone += other.alone
        self.splits += other.splits
        self.cached += other.cached
        self.screened += other.screened
        self.reused += other.reused


def judge_batch(
    judge: Judge, texts: Sequence[str], pipeline: str, counts: BatchCounts | None = None
) -> list[Verdict]:
    """One verdict per program of `texts`, each either a clean batch result or the program's own
    `Judge.judge`. With an external compiler every program is judged alone (it compiles one file)."""
    counts = counts if counts is not None else BatchCounts()
    verdicts: list[Verdict | None] = [None] * len(texts)
    if judge.external is not None:
        for index, text in enumerate(texts):
            verdicts[index] = judge.judge(text, pipeline)
        counts.alone += len(texts)
        return [v for v in verdicts if v is not None]
    pending: list[list[int]] = [list(range(len(texts)))] if texts else []
    while pending:
        group = pending.pop()
        if len(group) == 1:
            verdicts[group[0]] = judge.judge(texts[group[0]], pipeline)
            counts.alone += 1
            continue
        counts.batches += 1
        results = judge.worker.compile_batch([texts[i] for i in group], pipeline)
        if results is None:  # the worker crashed or hung on the batch
            counts.splits += 1
            pending += _halves(group)
            continue
        failed = []
        for index, result in zip(group, results, strict=True):
            if result.outcome is Outcome.OK:
                verdicts[index] = verdict_of(result)
                counts.vouched += 1
            elif result.extras.get(BATCH_STATE) == GROUP_FAILED:
                failed.append(index)
            else:
                verdicts[index] = judge.judge(texts[index], pipeline)
                counts.alone += 1
        if failed:
            counts.splits += 1
            pending += _halves(failed)
    return [v for v in verdicts if v is not None]


def _halves(group: list[int]) -> list[list[int]]:
    middle = (len(group) + 1) // 2
    return [part for part in (group[:middle], group[middle:]) if part]
