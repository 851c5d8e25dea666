"""A live progress line for long campaigns: rewritten in place on a terminal, periodic lines otherwise."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    def __init__(
        self,
        budget_s: float | None,
        stream: TextIO | None = None,
        every_s: float | None = None,
        elapsed_s: float = 0.0,
    ) -> None:
        """`elapsed_s`: time already spent (set-up) when the campaign starts."""
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.every_s = every_s if every_s is not None else (0.5 if self.tty else 10.0)
        self.budget_s = budget_s
        self.started = time.monotonic() - elapsed_s
        self._last = 0.0

    def update(self, programs: int, new: int, known: int, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last < self.every_s:
            return
        self._last = now
        elapsed = now - self.started
        budget = f"/{self.budget_s:.0f}s" if self.budget_s else "s"
        rate = programs / elapsed if elapsed > 0 else 0.0
        line = (
            f"[{elapsed:5.0f}{budget}] {programs} programs, {rate:.1f}/s, findings: {new} new, {known} known"
        )
        if self.tty:
            self.stream.write("\r" + line.ljust(79))
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def finish(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()
