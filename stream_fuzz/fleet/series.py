"""The fleet's timeline in Redis: each worker's one-second buckets added into one hash with each beat, and
when each signature and label was first met, so that `status --html` draws the fleet's curves as a
campaign's report draws its own (`timeline.Timeline`).

Two hashes: `series` (field `<wall-clock second>|<counter>`, HINCRBYFLOAT: the workers' increments add up)
and `first` (field `<kind>|<name>`, HSETNX: the first report wins, which is the earliest sighting give or
take a beat). Both are kept as long as the worker records (`KEEP_S`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stream_fuzz.fleet.keys import KEEP_S, key
from stream_fuzz.timeline import Timeline

SERIES, FIRST = "series", "first"
KINDS = ("signatures", "inputs", "outputs")


@dataclass
class SeriesPusher:
    """What of one worker's timeline the fleet has not been sent yet (used from the beat's thread only)."""

    sent_until: int = 0  # buckets of seconds before this one are sent (they no longer change)
    sent: set[str] = field(default_factory=set)  # `<kind>|<name>` first sightings sent

    def push(self, pipe: Any, timeline: Timeline, now: float, final: bool = False) -> None:
        """Queue on `pipe` the buckets of the seconds that are over (all of them when `final`) and the
        first sightings not sent yet."""
        until = int(now) + 1 if final else int(now) - 1  # the current second's bucket may still grow
        for second, counts in sorted(list(timeline.buckets.items())):  # a copy: the campaign adds to it
            if self.sent_until <= second < until:
                for counter, value in list(counts.items()):
                    pipe.hincrbyfloat(key(SERIES), f"{second}|{counter}", value)
        self.sent_until = max(self.sent_until, until)
        for kind in KINDS:
            for name, at in list(getattr(timeline, kind).items()):
                field_name = f"{kind}|{name}"
                if field_name not in self.sent:
                    self.sent.add(field_name)
                    pipe.hsetnx(key(FIRST), field_name, repr(at))
        pipe.expire(key(SERIES), KEEP_S)
        pipe.expire(key(FIRST), KEEP_S)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def read_timeline(client: Any) -> Timeline:
    """The fleet's timeline as one campaign's (`Timeline.as_json` draws it)."""
    timeline = Timeline()
    for raw_field, raw_value in client.hgetall(key(SERIES)).items():
        second, counter = _text(raw_field).split("|", 1)
        bucket = timeline.buckets.setdefault(int(second), {})
        bucket[counter] = bucket.get(counter, 0.0) + float(_text(raw_value))
    for raw_field, raw_value in client.hgetall(key(FIRST)).items():
        kind, name = _text(raw_field).split("|", 1)
        if kind in KINDS:
            getattr(timeline, kind)[name] = float(_text(raw_value))
    return timeline
