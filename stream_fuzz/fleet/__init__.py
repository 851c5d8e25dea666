"""Fleet campaigns: many machines fuzzing one compiler build, coordinated through one Redis (`--db`).

The first worker of the fleet to meet a new signature claims it and shrinks it; the others count hits.
Entries are written to the local corpus first, then published (each smaller version); Hypothesis's
examples are shared, so a worker replays what any other found. `registry` holds the shared state,
`status` reads it back (`stream-fuzz status`, `stream-fuzz corpus pull`).
"""

from stream_fuzz.fleet.registry import (
    OFFLINE,
    Fleet,
    FleetAddress,
    FleetUnavailable,
    MachineBeat,
    Meeting,
    register_machine,
)

__all__ = [
    "OFFLINE",
    "Fleet",
    "FleetAddress",
    "FleetUnavailable",
    "MachineBeat",
    "Meeting",
    "register_machine",
]
