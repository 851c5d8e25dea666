"""CHECK lines that state the *correct* placement for a finding, kept only if they catch the bad output.

For a value consumed on device D whose storage the compiler placed on devices P, the correct output
allocates it for D and P together (e.g. `optimal<[@d3, @d0]>` for a transfer from @d3 read on @d0): the
line asks for an allocation whose affinity names all of them. For a missing flush, it asks for a flush
to D (or an invalidate from the writer). Each line is run against the faulty output with FileCheck, and
only lines that fail there are kept, so every kept line witnesses the bug.
"""

from __future__ import annotations

import itertools
import re

from stream_fuzz.filecheck import run_filecheck

_STORAGE_OPS = {"alloca": "stream.resource.alloca", "constants": "stream.resource.constants"}
_MAX_DEVICES = 3  # beyond this the alternation of orders grows too large to read


def _all_of(devices: list[str]) -> str:
    """Regex for the inside of `on(...)` naming every device in `devices`, in any order."""
    orders = [
        "[^)]*".join(f"@{re.escape(d)}[>,]" for d in order) for order in itertools.permutations(devices)
    ]
    return "[^)]*(" + "|".join(orders) + ")[^)]*"


def _any_of(devices: list[str]) -> str:
    """Regex for the inside of `on(...)` naming at least one of `devices`."""
    return "[^)]*@(" + "|".join(re.escape(d) for d in devices) + ")[>,][^)]*"


def candidate_lines(violations: list[dict]) -> list[str]:
    lines: list[str] = []
    for v in violations:
        rule = v["rule"]
        placed = list(v["placed_devices"])
        consumers = [d for d in v["consumers"] if d not in placed]
        op = _STORAGE_OPS.get(v["storage_kind"])
        if (rule.startswith("placement/") or rule == "intent/expect") and op and consumers:
            # Correct: the storage is allocated for its consumer too...
            wanted = sorted(set(consumers) | set(placed))[:_MAX_DEVICES]
            storage = f"{op} .*on\\({_all_of(wanted)}\\)"
            if rule == "placement/export" and placed:
                # ...or, for an export, the buffer is handed out where it lives.
                export = f"stream.tensor.export on\\({_any_of(placed)}\\)"
                lines.append("// CHECK-DAG: {{(" + storage + "|" + export + ")}}")
            else:
                lines.append("// CHECK-DAG: {{" + storage + "}}")
        elif rule == "visibility/transfer":
            for device in v["consumers"]:
                flush = f"stream.cmd.flush to\\([^)]*@{re.escape(device)}[>,]"
                pulls = [f"stream.cmd.invalidate from\\([^)]*@{re.escape(w)}[>,]" for w in v["writers"]]
                lines.append("// CHECK-DAG: {{(" + "|".join([flush, *pulls]) + ")}}")
        elif rule == "dealloca/pool" and placed:
            lines.append(
                "// CHECK-DAG: stream.resource.dealloca on({{" + _all_of(placed[:_MAX_DEVICES]) + "}})"
            )
    return list(dict.fromkeys(lines))  # unique, in order


def witnessing_lines(violations: list[dict], bad_output: str) -> list[str]:
    """The candidate lines that FileCheck rejects on `bad_output`: each one witnesses the bug."""
    return [line for line in candidate_lines(violations) if not run_filecheck(line + "\n", bad_output)[0]]
