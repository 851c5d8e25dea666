"""The same campaign against several compilers, one table: which releases have which bug?

Each compiler gets its own output corpus folder (so an old release's bugs do not land in the project's
corpus), the same seed and the same budget. Programs are printed for each compiler's release syntax.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from stream_fuzz.campaign import Stats
from stream_fuzz.judge import Judge
from stream_fuzz.parallel import RunConfig, run_parallel


@dataclass
class Column:
    label: str  # e.g. "3.11.0rc20260316"
    path: str
    stats: Stats
    errors: list[str]


def compiler_label(iree_opt: str | None, timeout: float) -> tuple[str, str]:
    with Judge(iree_opt, timeout=timeout) as judge:
        info = judge.compiler_info
    return info.version.split(" @ ")[0], info.path


def run_matrix(compilers: list[str | None], config: RunConfig, workers: int) -> list[Column]:
    columns = []
    for iree_opt in compilers:
        label, path = compiler_label(iree_opt, config.timeout)
        folder = config.corpus / re.sub(r"[^\w.+-]", "_", label)
        stats, errors = run_parallel(replace(config, iree_opt=iree_opt, corpus=folder), workers)
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
