"""Run a campaign on N worker processes, each with its own compiler worker, and merge their results.

Findings are written to the shared corpus by the worker that found them (atomically, under a lock), so
a worker that dies, or a campaign that is killed, loses nothing already found. Stats are merged by
signature at the end; a dead worker's stats are missing from the totals and reported as an error.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import queue
import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from stream_fuzz import interrupts
from stream_fuzz.campaign.loop import open_campaign
from stream_fuzz.campaign.tally import Stats
from stream_fuzz.compiler.frontend_run import RuntimeDefect
from stream_fuzz.fleet import Fleet, FleetAddress, FleetUnavailable
from stream_fuzz.judge.findings import DEFAULT_FAIL_ON
from stream_fuzz.judge.verdict import DEFAULT_TIMEOUT_S
from stream_fuzz.oracles import Severity


@dataclass(frozen=True, kw_only=True)
class RunConfig:
    level: str
    examples: int | None
    budget_s: float | None
    seed: int
    # `time.time()` when the command started: the budget counts from there, set-up and worker start-up
    # included, so `--budget 60` ends the job about 60 s after it began (None: from the campaign's start).
    started_at: float | None = None
    corpus: Path
    iree_opt: str | None = None
    timeout: float = DEFAULT_TIMEOUT_S
    inject_fault: str | None = None  # `module:function` applied to the pinned compiler's output (tests)
    inject_stream_fault: str | None = None  # L3: `module:function` rewriting the stream-phase IR (tests)
    shrink: bool = True
    fail_on: frozenset[Severity] = DEFAULT_FAIL_ON
    program_size: int | None = None  # --size: about this many tokens per program
    fleet: FleetAddress | None = None  # --db: the fleet this campaign is a machine of
    shard: int = 0  # this machine's number among the fleet's (`--shard K/N`, or the fleet's): seeds differ
    l3_execute: bool = True  # off: the runtime cannot run the L3 compiler's modules (`preflight_l3` says why)
    iree_run_module: str | None = None  # L3's runtime binary (`l3_runtime_of`); None: iree-base-runtime
    l3_runtime_defects: frozenset[RuntimeDefect] = frozenset()  # what it crashes on (`runtime_defects`)
    witness: bool = False  # note each shrunk data finding's runtime witness in its entry (`witness_note`)
    steer: bool = True  # draw less of what keeps hitting known entries (`steering.py`)
    batch: int | None = None  # programs per compile (`judge/batching.py`); None: each level's default
    l3_options: tuple[str, ...] = ()  # L3 option variants the set-up found usable (`judge/options.py`)


STOP_WAIT_S = 15.0  # after an interrupt, how long workers get to send what they did
RESEND_S = 2.0  # after an interrupt, a worker not heard from yet is sent SIGINT again this often


def worker_seed(seed: int, index: int, shard: int = 0) -> int:
    """Each worker's seed: distinct for each worker of each machine (fewer than 65,537 workers each)."""
    return seed * 1_000_033 + shard * 65_537 + index


def remaining_budget(config: RunConfig) -> float | None:
    """What is left of the budget now (wall clock, so it holds across worker processes)."""
    if config.budget_s is None or config.started_at is None:
        return config.budget_s
    return max(config.budget_s - (time.time() - config.started_at), 0.001)


def run_one(config: RunConfig, index: int, on_stats: Callable[[Stats], None] | None = None) -> Stats:
    campaign = open_campaign(
        config.corpus,
        config.iree_opt,
        config.timeout,
        config.inject_fault,
        provenance=f"seed={config.seed} worker={index}"
        + (f" machine={config.fleet.machine}" if config.fleet else ""),
        on_example=on_stats,
        shrink=config.shrink,
        fail_on=config.fail_on,
        program_size=config.program_size,
        stream_hook=config.inject_stream_fault,
        l3_execute=config.l3_execute,
        iree_run_module=config.iree_run_module,
        runtime_defects=config.l3_runtime_defects,
        witness=config.witness,
        steer=config.steer,
        batch=config.batch,
        l3_options=config.l3_options,
    )
    try:
        offline = False
        if config.fleet is not None:
            try:
                campaign.fleet = Fleet(
                    config.fleet,
                    index,
                    lambda: fleet_counts(campaign.stats),
                    timeline=lambda: campaign.stats.timeline,
                )
                campaign.fleet.start()
            except FleetUnavailable:  # Redis went away since the campaign joined: fuzz locally
                offline = True
        try:
            stats = campaign.run(
                config.level,
                examples=config.examples,
                budget_s=remaining_budget(config),
                seed=worker_seed(config.seed, index, config.shard),
            )
        except Exception as error:  # what was done before it is still reported
            error.stats = campaign.stats  # type: ignore[attr-defined]
            raise
        stats.fleet_offline = offline or (campaign.fleet is not None and campaign.fleet.offline)
        return stats
    finally:
        campaign.close()


def fleet_counts(stats: Stats) -> dict[str, object]:
    """What a worker tells the fleet each second (`stream-fuzz status` sums them)."""
    counts: dict[str, object] = {}
    for level in stats.programs:
        counts[f"programs:{level}"] = stats.programs[level]
        counts[f"valid:{level}"] = stats.valid[level]
        counts[f"executed:{level}"] = stats.executed[level]
        counts[f"level_s:{level}"] = round(stats.level_s[level], 1)
    records = list(stats.findings.values())  # a copy: the campaign adds findings from another thread
    counts["findings"] = len(records)
    counts["new"] = sum(record.new for record in records)
    return counts


def _worker_main(config: RunConfig, index: int, messages: multiprocessing.Queue) -> None:
    os.environ["STREAM_FUZZ_WORKER"] = str(index)  # inherited by its compiler worker; names it in crash logs
    # Started with SIGINT ignored (`run_parallel`) and, as the command's module, holding signals while it
    # imported (`interrupts`): from here SIGINT stops the campaign and SIGTERM kills (the parent's last word).
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # The parent started this process with both signals blocked (`_signals_deferred`): take them now.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    held = interrupts.release()
    signal.signal(signal.SIGINT, interrupts.raise_and_remember)
    if held is not None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        messages.put(("done", index, Stats(interrupted=True)))
        return
    last = [0.0]

    def report(stats: Stats) -> None:
        now = time.monotonic()
        if now - last[0] >= 0.5:
            last[0] = now
            messages.put(("progress", index, _counts(stats)))

    try:
        stats = run_one(config, index, report)  # an interrupt inside the campaign returns its stats
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # one interrupt is enough: send what was done
        messages.put(("done", index, stats))
    except KeyboardInterrupt:  # interrupted before the campaign started: nothing done, nothing wrong
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        messages.put(("done", index, Stats(interrupted=True)))
    except BaseException:  # everything else must reach the parent as a message
        messages.put(("error", index, traceback.format_exc()))


def _counts(stats: Stats) -> tuple[int, int, int]:
    new = sum(f.fails for f in stats.findings.values())
    return stats.total, new, len(stats.findings) - new


@contextlib.contextmanager
def _signals_deferred(main_thread: bool) -> Iterator[None]:
    """SIGINT and SIGTERM wait until a worker has its start-up data: an interrupt in the middle of
    `Process.start()` would leave the new process reading a closed pipe (multiprocessing's traceback).
    The worker inherits the mask and unblocks both first thing (`_worker_main`)."""
    if not main_thread:
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def run_parallel(
    config: RunConfig, workers: int, on_progress: Callable[[int, int, int], None] | None = None
) -> tuple[Stats, list[str]]:
    """Returns the merged stats and one line per worker that failed (died, or raised)."""
    if workers <= 1:
        try:
            stats = run_one(config, 0, (lambda s: on_progress(*_counts(s))) if on_progress else None)
        except Exception as error:  # as a worker process's failure: reported, with what it did
            said = str(error) if isinstance(error.__cause__, OSError) else traceback.format_exc()
            return getattr(error, "stats", Stats()), [f"worker 0 failed: {said}"]
        return stats, []
    started = time.monotonic()
    share = (
        [None] * workers
        if config.examples is None
        else [config.examples // workers + (i < config.examples % workers) for i in range(workers)]
    )
    context = multiprocessing.get_context("spawn")
    messages: multiprocessing.Queue = context.Queue()
    processes = []
    # Workers start with SIGINT ignored, until `_worker_main` takes it: a Ctrl-C while one is still
    # starting Python is no traceback. The parent sends SIGINT again to a worker not heard from yet.
    main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if main_thread else None
    try:
        for index in range(workers):
            part = replace(config, examples=share[index])
            # Not daemonic: each worker starts a compiler worker process of its own.
            process = context.Process(target=_worker_main, args=(part, index, messages))
            with _signals_deferred(main_thread):
                process.start()
            processes.append(process)
    finally:
        if main_thread:
            signal.signal(signal.SIGINT, previous)
    heard: set[int] = set()  # workers that sent a message: they took SIGINT, and get it once only
    try:
        try:
            merged, errors = _collect(processes, messages, on_progress, heard=heard)
        except KeyboardInterrupt:
            # Ctrl-C reached every worker already; SIGTERM (turned into an interrupt by the CLI) reached
            # only this process. Ask each worker to stop, and take the stats they send back.
            for process in processes:
                if process.is_alive() and process.pid is not None:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(process.pid, signal.SIGINT)
            merged, errors = _collect(processes, messages, on_progress, STOP_WAIT_S, heard)
            merged.interrupted = True
        # The true time: from the workers' start, not from the interrupt.
        merged.elapsed_s = time.monotonic() - started
    finally:
        for process in processes:  # on any way out: no orphan keeps fuzzing
            if process.is_alive():
                process.terminate()
            process.join(timeout=5)
    return merged, errors


def _collect(
    processes: list,
    messages: multiprocessing.Queue,
    on_progress: Callable[[int, int, int], None] | None,
    deadline_s: float | None = None,
    heard: set[int] | None = None,
) -> tuple[Stats, list[str]]:
    merged, errors = Stats(), []
    progress: dict[int, tuple[int, int, int]] = {}
    pending = set(range(len(processes)))
    heard = set() if heard is None else heard
    started = last_sent = time.monotonic()
    while pending:
        if deadline_s is not None and time.monotonic() - started > deadline_s:
            errors += [f"worker {index} did not stop within {deadline_s:g} s" for index in sorted(pending)]
            break
        if deadline_s is not None and time.monotonic() - last_sent >= RESEND_S:
            last_sent = time.monotonic()
            for index in sorted(pending - heard):  # still starting when the first SIGINT came: again
                pid = processes[index].pid
                if processes[index].is_alive() and pid is not None:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGINT)
        try:
            kind, index, payload = messages.get(timeout=1.0)
        except queue.Empty:
            for index in list(pending):
                if not processes[index].is_alive():  # died without a word (killed, segfault)
                    pending.discard(index)
                    errors.append(f"worker {index} died (exit code {processes[index].exitcode})")
            continue
        heard.add(index)
        if kind == "progress":
            progress[index] = payload
            if on_progress:
                on_progress(*(sum(p[i] for p in progress.values()) for i in range(3)))
        elif kind == "done":
            merged.merge(payload)
            pending.discard(index)
        else:
            errors.append(f"worker {index} failed:\n{payload}")
            pending.discard(index)
    merged.elapsed_s = time.monotonic() - started
    return merged, errors
