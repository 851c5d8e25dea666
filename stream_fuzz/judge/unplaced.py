"""Unplaced dispatches: where the storage of a dispatch left without a device is placed, read from L3's
stream-phase IR when a later phase rejects the program.

ConvertToStream gives a dispatch the execution affinity AffinityAnalysis::lookupExecutionAffinity finds
(Stream/Analysis/Affinity.cpp). OpAffinityPVS::updateOperation collects the affinities of the op's operand
producers only. Two different sets leave the dispatch without `on(...)`:

- an empty set (the dispatch reads only unplaced values, e.g. constants): tryLookupExecutionAffinity falls
  back to tryLookupDefaultAffinity and, with no `stream.affinity.default`, finds nothing;
- producers on two devices (a tied target an export pins to one device, an operand on another):
  trySelectLeadAffinity returns null because AffinityAttr::areCompatible says no.

When no placed neighbour lends the execute holding it a device, HAL conversion fails on its executable
("failed to legalize operation 'stream.executable'"). The two causes give the same diagnostic, so its
signature cannot tell them apart; the storage the execute binds can: placed on two or more devices for
the second cause, on at most one for the first. `describe` writes that as a line of the finding's details,
which the symptoms `dispatch-on-unplaced-producers` and `dispatch-producers-on-two-devices` read.
"""

from __future__ import annotations

import re

# The line a finding's details carry; the symptoms parse it back (`devices_of_line`).
PREFIX = "unplaced dispatch "
_EXECUTABLE = re.compile(r"'stream\.executable'.*?sym_name = \"([^\"]+)\"")
_FUNCTION = re.compile(r"^\s*(util\.func|func\.func|util\.initializer)\b")
_EXECUTE = re.compile(r"^(\s*)%[\w.$-]+ = stream\.cmd\.execute\b(.*)$")
_BOUND = re.compile(r"(%[\w.$-]+) as %[\w.$-]+\s*:")
_DEFINED = re.compile(r"^\s*((?:%[\w.$-]+(?::\d+)?)(?:, %[\w.$-]+)*) = (.*)$")
_AWAITED = re.compile(r"stream\.timepoint\.await\b.*=> (%[\w.$-]+)")
_DEVICE = re.compile(r"@([\w.$-]+)")


def failing_executables(errors: list[str] | tuple[str, ...]) -> list[str]:
    """The executables HAL conversion could not legalize, as the diagnostics name them."""
    return [m.group(1) for line in errors if (m := _EXECUTABLE.search(line))]


def describe(stream_ir: str, errors: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """One line per failing executable dispatched from an execute without `on(...)`: the devices of the
    storage that execute binds ("no device" when none is placed)."""
    lines = stream_ir.splitlines()
    said = []
    for executable in dict.fromkeys(failing_executables(errors)):
        devices = unplaced_devices(lines, executable)
        if devices is not None:
            where = ", ".join(f"@{d}" for d in sorted(devices)) or "no device"
            said.append(
                f"{PREFIX}@{executable}: its execute has no affinity and binds storage placed on {where}"
            )
    return tuple(said)


def unplaced_devices(lines: list[str], executable: str) -> set[str] | None:
    """The devices of the storage bound by every `stream.cmd.execute` without `on(...)` that dispatches
    `@executable`; None when no such execute exists."""
    found: set[str] | None = None
    dispatch = f"stream.cmd.dispatch @{executable}::"
    for index, line in enumerate(lines):
        match = _EXECUTE.match(line)
        if match is None or " on(" in match.group(2).split("with(", 1)[0]:
            continue
        indent, body_end = match.group(1), index + 1
        while body_end < len(lines) and not lines[body_end].startswith(f"{indent}}}"):
            body_end += 1
        if not any(dispatch in body for body in lines[index + 1 : body_end]):
            continue
        found = set() if found is None else found
        start = max((i for i in range(index) if _FUNCTION.match(lines[i])), default=0)
        for name in _BOUND.findall(line):
            found |= _devices_of(lines, start, index, name)
    return found


def _devices_of(lines: list[str], start: int, end: int, name: str, depth: int = 0) -> set[str]:
    """The devices in the `on(...)` of the op defining `name` (the nearest definition above `end` in the
    function starting at `start`), through `stream.timepoint.await`; none for a block argument."""
    for index in range(end - 1, start - 1, -1):
        match = _DEFINED.match(lines[index])
        if match is None or name not in [n.split(":")[0] for n in match.group(1).split(", ")]:
            continue
        text = match.group(2)
        awaited = _AWAITED.search(text)
        if awaited is not None and depth < 8:
            return _devices_of(lines, start, index, awaited.group(1), depth + 1)
        return set(_DEVICE.findall(_on_clause(text)))
    return set()


def _on_clause(text: str) -> str:
    """The text inside the op's `on(...)`, balanced; "" without one."""
    at = text.find(" on(")
    if at < 0:
        return ""
    depth, begin = 0, at + len(" on(")
    for index in range(begin - 1, len(text)):
        depth += {"(": 1, ")": -1}.get(text[index], 0)
        if depth == 0:
            return text[begin:index]
    return text[begin:]


def devices_of_line(line: str) -> tuple[str, ...] | None:
    """The devices a `describe` line names, or None for another line."""
    if not line.startswith(PREFIX):
        return None
    placed = line.rsplit(" placed on ", 1)[-1]
    return () if placed == "no device" else tuple(d.strip() for d in placed.split(","))
