"""What the bad-setup tables share: the command run as a user runs it, a fake compiler script, and what
every answer must show (no traceback)."""

from __future__ import annotations

import stat
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import CORPUS, PROGRAMS

SEED = PROGRAMS.parent / "oracles" / "programs" / "seed_tp4_fanout.mlir"
L1_ENTRY = CORPUS / "wave-race-tied-chain-not-compared.mlir"  # records the whole stream pipeline
# Four programs, none shrunk (shrinking a finding of an empty corpus runs hundreds more).
FAST = ["--examples", "4", "--workers", "1", "--level", "l2", "--no-shrink"]


@dataclass
class Ran:
    code: int
    out: str
    err: str


def stream_fuzz(*argv: str, cwd: Path | None = None, timeout: float = 300) -> Ran:
    """The command as a user runs it, in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-m", "stream_fuzz.cli", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
    )
    return Ran(done.returncode, done.stdout, done.stderr)


def fake_compiler(folder: Path, body: str, name: str = "iree-opt") -> str:
    """A stand-in iree-opt: a shell script that answers --version and then does `body`."""
    script = folder / name
    version = 'case "$1" in --version) echo "LLVM version 20.0.0git"; exit 0;; esac\n'
    script.write_text("#!/bin/sh\n" + version + body + "\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def no_traceback(ran: Ran) -> None:
    assert "Traceback" not in ran.err and "Traceback" not in ran.out, ran.err[-3000:]


def written(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.mlir")) if folder.exists() else []
