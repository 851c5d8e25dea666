"""The same campaign against several compilers, one table: which releases have which bug?

Each compiler gets its own output corpus folder (so an old release's bugs do not land in the project's
corpus), the same seed and the same budget. Programs are printed for each compiler's release syntax.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from stream_fuzz.campaign.loop import levels_of
from stream_fuzz.campaign.parallel import RunConfig, run_parallel
from stream_fuzz.campaign.tally import Stats
from stream_fuzz.compiler.frontend import FrontendCompiler, l3_compiler_of, l3_runtime_of, takes_l3
from stream_fuzz.compiler.frontend_run import RuntimeDefect
from stream_fuzz.judge.preflight import defects_notice, identified, preflight, preflight_l3, runtime_defects
from stream_fuzz.judge.verdict import Judge


@dataclass
class Column:
    label: str  # e.g. "3.11.0rc20260316"
    path: str
    stats: Stats
    errors: list[str]


@dataclass(frozen=True)
class Checked:
    """A compiler that compiled the known-good programs of the levels it is fuzzed at."""

    label: str  # its release, e.g. "3.12.0rc20260917"
    path: str
    levels: tuple[str, ...]
    l3_execute: bool
    note: str  # why its L3 programs (or some) are not executed, or why no L3 ("": all are run)
    runtime: str | None = None  # the iree-run-module its L3 programs run with (None: iree-base-runtime)
    runtime_defects: frozenset[RuntimeDefect] = frozenset()  # what that runtime crashes on: not run


def check_compiler(
    iree_opt: str | None, timeout: float, level: str, iree_run_module: str | None = None
) -> Checked:
    """The release a compiler names, after it compiled a known-good program of each level (`preflight`);
    L3 uses the `iree-compile` beside it, and the runtime given or beside it (`l3_runtime_of`)."""
    with Judge(iree_opt, timeout=timeout) as judge:
        info = judge.compiler_info
        levels = levels_of(level, takes_l3(judge.compiler_info))
        note = "" if "l3" in levels or level != "all" else f"no iree-compile beside {info.path}: no l3"
        preflight(judge, tuple(name for name in levels if name != "l3"))
        identified(info)
        iree_compile = l3_compiler_of(judge.compiler_info) if "l3" in levels else None
        runtime = l3_runtime_of(judge.compiler_info, iree_run_module) if "l3" in levels else None
    why_not, defects = "", frozenset[RuntimeDefect]()
    if "l3" in levels:
        with FrontendCompiler(timeout, iree_compile=iree_compile, iree_run_module=runtime) as frontend:
            why_not = preflight_l3(frontend)
            defects = runtime_defects(frontend) if not why_not else defects
    label = info.version.split(" @ ")[0]
    note = why_not or defects_notice(str(runtime), defects).removeprefix("stream-fuzz: ") or note
    return Checked(label, info.path, levels, not why_not, note, str(runtime) if runtime else None, defects)


def run_matrix(
    compilers: list[str | None],
    config: RunConfig,
    workers: int,
    log: Callable[[str], None] | None = None,
    runtimes: list[str | None] | None = None,
) -> list[Column]:
    """Every compiler is checked before any is fuzzed, so that a broken one stops the matrix at once.
    `runtimes`: L3's `iree-run-module` for each compiler (None, or a None in it: the one beside it)."""
    given = runtimes or [None] * len(compilers)
    checked = []
    for iree_opt, runtime in zip(compilers, given, strict=True):
        try:
            checked.append(check_compiler(iree_opt, config.timeout, config.level, runtime))
        except KeyboardInterrupt:  # stopped while checking: a table that says so, with nothing fuzzed
            label = "pinned" if iree_opt is None else iree_opt
            return [Column(label, iree_opt or "", Stats(interrupted=True), [])]
    columns = []
    for index, (iree_opt, compiler) in enumerate(zip(compilers, checked, strict=True)):
        label = compiler.label
        if log is not None:
            log(f"matrix: [{index + 1}/{len(compilers)}] fuzzing {label} ({compiler.path})")
            if compiler.note:
                log(f"matrix: {label}: {compiler.note}")
            elif "l3" in compiler.levels:
                runtime = compiler.runtime or "iree-base-runtime, in process"
                log(f"matrix: {label}: l3 programs run on {runtime}")
        folder = config.corpus / re.sub(r"[^\w.+-]", "_", label)
        run = replace(
            config,
            iree_opt=iree_opt,
            corpus=folder,
            l3_execute=compiler.l3_execute,
            iree_run_module=compiler.runtime,
            l3_runtime_defects=compiler.runtime_defects,
        )
        try:
            stats, errors = run_parallel(run, workers)
        except KeyboardInterrupt:  # before its campaign started: nothing done here
            stats, errors = Stats(interrupted=True), []
        if log is not None:
            log(f"matrix: {label}: {stats.total} programs, {len(stats.findings)} signatures")
        columns.append(Column(label, compiler.path, stats, errors))
        if stats.interrupted:  # the user stopped the matrix: the compilers after this one are not run
            break
    return columns


def matrix_table(columns: list[Column]) -> str:
    width = max([12, *(len(c.label) for c in columns)]) + 2
    head = f"{'':<42}" + "".join(f"{c.label:>{width}}" for c in columns)
    rows = [head]
    rows.append(f"{'programs':<42}" + "".join(f"{c.stats.total:>{width}}" for c in columns))
    if any(c.stats.interrupted for c in columns):
        stopped = ["interrupted" if c.stats.interrupted else "complete" for c in columns]
        rows.append(f"{'run':<42}" + "".join(f"{cell:>{width}}" for cell in stopped))
    validity = [
        f"{sum(c.stats.valid.values()) / c.stats.total:.2%}" if c.stats.total else "-" for c in columns
    ]
    rows.append(f"{'valid':<42}" + "".join(f"{v:>{width}}" for v in validity))
    if any(c.stats.programs["l3"] for c in columns):  # L3 programs run on local devices (or could not)
        executed = [f"{c.stats.executed['l3']}/{c.stats.programs['l3']}" for c in columns]
        rows.append(f"{'l3 executed':<42}" + "".join(f"{e:>{width}}" for e in executed))
    signatures = sorted({s for c in columns for s in c.stats.findings})
    for signature in signatures:
        cells = [
            str(c.stats.findings[signature].hits) if signature in c.stats.findings else "." for c in columns
        ]
        rows.append(f"{signature:<42}" + "".join(f"{cell:>{width}}" for cell in cells))
    if not signatures:
        rows.append("no findings on any compiler")
    return "\n".join(rows)
