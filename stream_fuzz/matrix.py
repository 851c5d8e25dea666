"""The same campaign against several compilers, one table: which releases have which bug?

Each compiler gets its own output corpus folder (so an old release's bugs do not land in the project's
corpus), the same seed and the same budget. Programs are printed for each compiler's release syntax.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from stream_fuzz.campaign import PINNED_ONLY, Stats, levels_of
from stream_fuzz.judge import Judge
from stream_fuzz.parallel import RunConfig, run_parallel
from stream_fuzz.preflight import SetupError, preflight


@dataclass
class Column:
    label: str  # e.g. "3.11.0rc20260316"
    path: str
    stats: Stats
    errors: list[str]


def compiler_label(iree_opt: str | None, timeout: float, levels: tuple[str, ...]) -> tuple[str, str]:
    """The release a compiler names, after it compiled a known-good program (`preflight`)."""
    with Judge(iree_opt, timeout=timeout) as judge:
        info = judge.compiler_info
        preflight(judge, levels)
    return info.version.split(" @ ")[0], info.path


def run_matrix(
    compilers: list[str | None], config: RunConfig, workers: int, log: Callable[[str], None] | None = None
) -> list[Column]:
    """Every compiler is checked before any is fuzzed, so that a broken one stops the matrix at once."""
    if config.level in PINNED_ONLY:
        raise SetupError(
            f"the matrix fuzzes external compilers, and {config.level} runs on the pinned one only"
        )
    levels = levels_of(config.level, pinned=False)
    labels = [compiler_label(iree_opt, config.timeout, levels) for iree_opt in compilers]
    columns = []
    for index, (iree_opt, (label, path)) in enumerate(zip(compilers, labels, strict=True)):
        if log is not None:
            log(f"matrix: [{index + 1}/{len(compilers)}] fuzzing {label} ({path})")
        folder = config.corpus / re.sub(r"[^\w.+-]", "_", label)
        stats, errors = run_parallel(replace(config, iree_opt=iree_opt, corpus=folder), workers)
        if log is not None:
            log(f"matrix: {label}: {stats.total} programs, {len(stats.findings)} signatures")
        columns.append(Column(label, path, stats, errors))
    return columns


def matrix_table(columns: list[Column]) -> str:
    width = max([12, *(len(c.label) for c in columns)]) + 2
    head = f"{'':<42}" + "".join(f"{c.label:>{width}}" for c in columns)
    rows = [head]
    rows.append(f"{'programs':<42}" + "".join(f"{c.stats.total:>{width}}" for c in columns))
    validity = [
        f"{sum(c.stats.valid.values()) / c.stats.total:.2%}" if c.stats.total else "-" for c in columns
    ]
    rows.append(f"{'valid':<42}" + "".join(f"{v:>{width}}" for v in validity))
    signatures = sorted({s for c in columns for s in c.stats.findings})
    for signature in signatures:
        cells = [
            str(c.stats.findings[signature].hits) if signature in c.stats.findings else "." for c in columns
        ]
        rows.append(f"{signature:<42}" + "".join(f"{cell:>{width}}" for cell in cells))
    if not signatures:
        rows.append("no findings on any compiler")
    return "\n".join(rows)
