"""A signal while MLIR's bindings run Python beneath C++ must not abort the command.

The bindings import a dialect's Python module the first time an op of it is read (here from inside a
walk). A handler that raises there unwinds into C++ and the process aborts (SIGABRT): no reports, no
exit 130/143. That is how a campaign cancelled early died in CI. `interrupts.not_interrupted` holds the
signal until the section ends. The signal is sent deterministically: by an import finder, at the moment
the bindings import `iree.compiler.dialects.stream`.
"""

from __future__ import annotations

import signal
import subprocess
import sys

import pytest

SCRIPT = """
import os, signal, sys
from iree.compiler import ir
from stream_fuzz import interrupts
from stream_fuzz.cli.main import _on_sigterm

signum = signal.Signals[sys.argv[2]]
signal.signal(signal.SIGINT, interrupts.raise_and_remember)
signal.signal(signal.SIGTERM, _on_sigterm)


class SignalOnImport:
    def find_spec(self, name, path=None, target=None):
        if name == "iree.compiler.dialects.stream":
            os.kill(os.getpid(), signum)
            sum(range(1000))  # the handler runs here, between bytecodes
        return None


sys.meta_path.insert(0, SignalOnImport())
TEXT = (
    "module { util.func @f(%n: index) -> !stream.resource<*> {"
    " %0 = stream.async.alloca : !stream.resource<*>{%n} util.return %0 : !stream.resource<*> } }"
)
module = ir.Module.parse(TEXT, ir.Context())


def read():
    found = []
    module.operation.walk(lambda op: found.append(op) or ir.WalkResult.ADVANCE)
    return [[result.get_name() for result in op.results] for op in found]


try:
    if sys.argv[1] == "guarded":
        with interrupts.not_interrupted():
            read()
            print("read", flush=True)
    else:
        read()
        print("read", flush=True)
except KeyboardInterrupt as interrupt:
    print(f"interrupted: {type(interrupt).__name__}", flush=True)
    sys.exit(130)
"""


def _run(mode: str, signum: signal.Signals) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", SCRIPT, mode, signum.name], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
def test_a_signal_inside_the_bindings_waits_for_the_section_to_end(signum: signal.Signals) -> None:
    done = _run("guarded", signum)
    expected = "Terminated" if signum == signal.SIGTERM else "KeyboardInterrupt"
    assert done.returncode == 130, done.stderr[-2000:]
    assert done.stdout.splitlines() == ["read", f"interrupted: {expected}"], done.stdout


def test_without_the_section_the_same_signal_aborts_the_process() -> None:
    """Why the section exists: on the pinned bindings the unguarded read dies of SIGABRT."""
    done = _run("bare", signal.SIGINT)
    assert done.returncode == -signal.SIGABRT, (done.returncode, done.stderr[-2000:])
    assert "read" not in done.stdout
