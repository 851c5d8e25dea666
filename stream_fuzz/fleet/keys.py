"""The names the fleet's data has in Redis, and how long it stays there: shared by the registry (what each
process writes) and the timeline series, which the registry pushes."""

from __future__ import annotations

PREFIX = "stream-fuzz"
KEEP_S = 7 * 24 * 3600  # machine and worker records outlive their processes this long (for `status`)


def key(*parts: str) -> str:
    return ":".join((PREFIX, *parts))
