"""The oracle without its midway window: the worker then runs the stream pipeline whole (the baseline the
staged run is compared with in test_staging.py and benchmarks/bench_midway.py)."""

from __future__ import annotations

from stream_fuzz.oracles.worker_hooks import Oracle


class WholePipeline(Oracle):
    midway_window: tuple[str, str] | None = None
