"""A campaign tries the runtime witness of each data finding it finished shrinking, and says in the entry's
header what came of it (`// runtime witness: ...`). Cheap (one compile and one run, about a second or
two) and never in the way: whatever goes wrong, the entry stays as it was written."""

from __future__ import annotations

import re
from pathlib import Path

from stream_fuzz.corpus.entry import write_atomically

KEY = "runtime witness"
# The kinds of finding whose wrong data a run can show.
DATA_KINDS = ("async-clobbered-read", "wave-race")


def witness_line(path: Path, iree_opt: str | None, timeout: float = 60.0) -> str | None:
    """The header line for the entry at `path` (None when it is not a data finding). Never raises."""
    if not path.name.startswith(DATA_KINDS):
        return None
    try:
        from stream_fuzz.triage.witness.run import tools

        if tools(iree_opt)[1] is None:
            return None  # no runtime to run it on: say nothing rather than blame the witness
        from stream_fuzz.triage.witness.build import build
        from stream_fuzz.triage.witness.reference import Unsupported
        from stream_fuzz.triage.witness.run import check

        try:
            witness = build(path.read_text())
        except Unsupported as error:
            return f"// {KEY}: not made (unsupported: {error})"
        result = check(witness, iree_opt, timeout=timeout)
    except Exception as error:  # a bug of the witness must not cost the finding
        return f"// {KEY}: not made ({type(error).__name__}: {str(error)[:120]})"
    command = f"stream-fuzz witness corpus/{path.name} --check"
    if result.state == "fails":
        return f"// {KEY}: wrong data at run time on local-task ({command})"
    if result.state == "passes":
        return f"// {KEY}: does not show at run time on local-task: keep a structural witness"
    first = result.detail.splitlines()[0] if result.detail else "no detail"
    return f"// {KEY}: did not compile or run ({first[:160]})"


def add_line(path: Path, line: str) -> None:
    """Puts `line` in the entry's header (replacing an earlier one), after its `// shrunk:` line."""
    text = path.read_text()
    lines = [x for x in text.splitlines() if not x.startswith(f"// {KEY}:")]
    at = next((i + 1 for i, x in enumerate(lines) if re.match(r"^// shrunk:", x)), 1)
    lines.insert(at, line)
    write_atomically(path, "\n".join(lines) + "\n")


def note_witness(path: Path | None, iree_opt: str | None, timeout: float = 60.0) -> str | None:
    """Tries the witness of the entry at `path` and notes the result in its header; returns the line."""
    if path is None or not path.exists():
        return None
    line = witness_line(path, iree_opt, timeout)
    if line is not None:
        try:
            add_line(path, line)
        except OSError:
            return None
    return line
