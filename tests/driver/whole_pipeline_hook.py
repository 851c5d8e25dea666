"""The oracle's worker hook without `MIDWAY`: the worker then runs the stream pipeline whole (the baseline
the staged run is compared with in test_staging.py)."""

from stream_fuzz.oracles.worker_hooks import after, before, read

__all__ = ["after", "before", "read"]
