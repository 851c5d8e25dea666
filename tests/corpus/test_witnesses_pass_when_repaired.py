"""Every open entry that runs a program (a runtime witness) fails on the pinned compiler for the bug's
reason, and passes once the fault is repaired: the proof its triage states, kept by the suite.

The repairs live in tests/corpus/repaired/<entry-stem>.mlir. Each starts with `// repair: <what, and why the
program means the same>`. A repair by compile flags holds the entry's program unchanged and a line
`// repair-flags: <flags>`: the entry itself is compiled with the flags added. Any other repaired file is
the entry's program rewritten (a `util.optimization_barrier`, a load moved above a store, ...) and is
compiled with the entry's own iree-compile line. Both are run with the entry's own iree-run-module line
(the same --expected_output). An entry whose repair no iree-compile option nor program rewrite can express
is listed in UNREPAIRABLE with the reason, and its test is skipped for that reason; a runtime witness with
neither a repaired file nor such a reason fails `test_every_runtime_witness_has_a_repair`.
"""

from __future__ import annotations

import itertools
import re
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from stream_fuzz.compiler import native_iree_opt
from stream_fuzz.corpus.entry import code_lines, read_entry

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"
REPAIRED = Path(__file__).resolve().parent / "repaired"

# Open entries that run a program but have no repair here, each with the reason: entry stem -> why.
UNREPAIRABLE: dict[str, str] = {
    # Its iree-run-module line passes on 3.13 (the local-task devices share host memory, so the caller's
    # own @d0 buffer handed back as the @d1 result holds the right numbers); the bug is shown by its last
    # RUN line, a FileCheck of the stream output (no copy of the import for @d1). Nothing fails at run time,
    # so there is no runtime failure to repair; its triage also still asks upstream whether it is a bug.
    "placement-export-import-returned-through-a-branch-on-another-device": (
        "its run passes on 3.13: the bug is shown by the FileCheck RUN line, not by the run"
    ),
    # The same: a placement bug local-task devices do not show (both read and write host memory); its
    # first RUN line, a FileCheck of the stream output, shows the storage imported on the wrong device.
    "placement-write-transients-storage-imported-for-the-result-device": (
        "its run passes on 3.13: the bug is shown by the FileCheck RUN line, not by the run"
    ),
}

# What the bug looks like when the entry's program runs (or fails to compile) on the pinned compiler.
FAILED_RESULT = re.compile(r"\[FAILED\] result\[\d+\]")
IREE_STATUS = re.compile(
    r"\b(INVALID_ARGUMENT|FAILED_PRECONDITION|OUT_OF_RANGE|INTERNAL|UNKNOWN|ABORTED|DATA_LOSS|UNAVAILABLE);"
)
COMPILER_ERROR = re.compile(r"\.mlir:\d+:\d+: error: ")
TIMEOUT_S = 120


def _run_lines(text: str) -> list[str]:
    """The entry's RUN lines, continuations (`\\` at a line's end) joined."""
    lines: list[str] = []
    pending = ""
    for line in text.splitlines():
        match = re.match(r"\s*//\s*RUN:\s?(.*)$", line)
        if not match:
            continue
        part = match[1].rstrip()
        if part.endswith("\\"):
            pending += part[:-1].rstrip() + " "
            continue
        lines.append((pending + part).strip())
        pending = ""
    return lines


def _runs_a_program(text: str) -> bool:
    return any(line.startswith("iree-run-module") for line in _run_lines(text))


def _runtime_witnesses() -> list[Path]:
    """The open entries whose RUN lines run a program."""
    return [
        path
        for path in sorted(CORPUS.glob("*.mlir"))
        if read_entry(path).status == "open" and _runs_a_program(path.read_text())
    ]


WITNESSES = _runtime_witnesses()


@dataclass(frozen=True)
class Repair:
    path: Path
    flags: tuple[str, ...]  # `// repair-flags:`; empty when the program itself is repaired
    why: str  # `// repair:`


def _repair_of(entry: Path) -> Repair | None:
    path = REPAIRED / entry.name
    if not path.is_file():
        return None
    text = path.read_text()
    lines = text.splitlines()
    why = ""
    if lines and lines[0].startswith("// repair:"):
        # `// repair: ...` and its continuation lines (`//   ...`)
        parts = [lines[0].removeprefix("// repair:").strip()]
        more = itertools.takewhile(lambda line: line.startswith("//   "), lines[1:])
        parts += [line[2:].strip() for line in more]
        why = " ".join(parts)
    flags = re.search(r"^// repair-flags:(.*)$", text, re.M)
    return Repair(path, tuple(shlex.split(flags[1])) if flags else (), why)


@dataclass(frozen=True)
class Tools:
    iree_compile: Path
    iree_run_module: Path


@pytest.fixture(scope="module")
def tools() -> Tools:
    iree_opt = native_iree_opt()
    iree_compile = iree_opt.parent / "iree-compile"
    # The runtime of the compiler's own release, as corpus/lit.cfg.py finds it (a release's modules run on
    # that release's runtime only).
    beside = iree_opt.resolve().parents[2] / "_runtime_libs" / "iree-run-module"
    if not beside.is_file():
        try:
            import iree.runtime
        except ImportError:
            pytest.skip("no iree-run-module: install the runtime extra")
        beside = Path(iree.runtime.__file__).resolve().parents[1] / "_runtime_libs" / "iree-run-module"
    if not (iree_compile.is_file() and beside.is_file()):
        pytest.skip(f"no iree-compile or iree-run-module beside {iree_opt}")
    return Tools(iree_compile, beside)


@dataclass(frozen=True)
class Outcome:
    compiled: subprocess.CompletedProcess[str]
    ran: subprocess.CompletedProcess[str] | None  # None when it did not compile

    @property
    def output(self) -> str:
        ran = self.ran
        return self.compiled.stdout + self.compiled.stderr + (ran.stdout + ran.stderr if ran else "")

    @property
    def passed(self) -> bool:
        ran = self.ran
        return (
            self.compiled.returncode == 0
            and ran is not None
            and ran.returncode == 0
            and not FAILED_RESULT.search(ran.stdout + ran.stderr)
        )


def _run(entry: Path, program: Path, flags: tuple[str, ...], tools: Tools, tmp: Path) -> Outcome:
    """The entry's iree-compile line that writes %t.vmfb and its iree-run-module line, with `program` for
    %s and `flags` added to the compile."""
    lines = _run_lines(entry.read_text())
    module = tmp / "t.vmfb"

    def words(line: str) -> list[str]:
        return [word.replace("%s", str(program)).replace("%t", str(tmp / "t")) for word in shlex.split(line)]

    compiles = [line for line in lines if line.startswith("iree-compile") and "%t.vmfb" in line]
    runs = [line for line in lines if line.startswith("iree-run-module")]
    assert len(compiles) == 1 and len(runs) == 1, f"{entry.name}: one compile to %t.vmfb and one run expected"
    command = [str(tools.iree_compile), *words(compiles[0])[1:], *flags]
    compiled = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S)
    if compiled.returncode != 0 or not module.is_file():
        return Outcome(compiled, None)
    command = [str(tools.iree_run_module), *words(runs[0])[1:]]
    ran = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S)
    return Outcome(compiled, ran)


def _the_bug(entry: Path, outcome: Outcome) -> bool:
    """The failure is the bug's own: a wrong result, or at run time an IREE status whose message the entry
    quotes, or the compiler crashing or rejecting the (valid) program, as the entry's kind says."""
    kind = read_entry(entry).kind
    if outcome.ran is None:
        crashed = outcome.compiled.returncode < 0 or "Stack dump" in outcome.output
        if kind == "crash":
            return crashed
        return kind == "invalid-program" and bool(COMPILER_ERROR.search(outcome.output))
    ran = outcome.ran.stdout + outcome.ran.stderr
    if FAILED_RESULT.search(ran):
        return True
    status = IREE_STATUS.search(ran)
    if outcome.ran.returncode == 0 or not status:
        return False
    # A run-time error: the entry records IREE's message (`INVALID_ARGUMENT; <message>; while ...`).
    message = ran[status.end() :].split(";", 1)[0].strip()
    return bool(message) and message in " ".join(entry.read_text().replace("//", " ").split())


def test_every_runtime_witness_has_a_repair() -> None:
    """A new runtime witness needs its repaired program (or flags), or a reason in UNREPAIRABLE."""
    assert WITNESSES, "no open entry runs a program: the corpus moved?"
    missing = [p.name for p in WITNESSES if _repair_of(p) is None and p.stem not in UNREPAIRABLE]
    assert not missing, f"runtime witnesses without tests/corpus/repaired/<name> nor a reason: {missing}"
    both = [p.name for p in WITNESSES if _repair_of(p) is not None and p.stem in UNREPAIRABLE]
    assert not both, f"a repaired file and a reason it cannot be repaired: {both}"
    stale = {p.name for p in REPAIRED.glob("*.mlir")} - {p.name for p in WITNESSES}
    assert not stale, f"repaired files of no open runtime witness (fixed, renamed?): {sorted(stale)}"
    for path in WITNESSES:
        repair = _repair_of(path)
        if repair is None:
            continue
        assert repair.why, f"{repair.path.name}: it must begin with `// repair: <what and why>`"
        if repair.flags:
            # A flag repair runs the entry's own program: the copy beside it must not have drifted.
            assert _program(repair.path.read_text()) == _program(path.read_text()), (
                f"{repair.path.name}: a repair-flags file holds the entry's program unchanged"
            )


def _program(text: str) -> list[str]:
    """The code of a file: no comment lines, no blank lines."""
    return [line.rstrip() for line in text.splitlines() if code_lines(line)]


@pytest.mark.slow
@pytest.mark.parametrize("entry", WITNESSES, ids=lambda path: path.stem)
def test_witness_fails_and_passes_when_repaired(entry: Path, tools: Tools, tmp_path: Path) -> None:
    if entry.stem in UNREPAIRABLE:
        pytest.skip(UNREPAIRABLE[entry.stem])
    repair = _repair_of(entry)
    assert repair is not None, f"{entry.name}: no repaired file (see test_every_runtime_witness_has_a_repair)"
    (tmp_path / "entry").mkdir()
    buggy = _run(entry, entry, (), tools, tmp_path / "entry")
    assert not buggy.passed, f"{entry.name} passes on the pinned compiler: fixed? ({buggy.output[-2000:]})"
    assert _the_bug(entry, buggy), f"{entry.name} fails, but not for its bug:\n{buggy.output[-2000:]}"
    (tmp_path / "repaired").mkdir()
    program = entry if repair.flags else repair.path
    repaired = _run(entry, program, repair.flags, tools, tmp_path / "repaired")
    assert repaired.passed, f"{repair.path.name} ({repair.why}) still fails:\n{repaired.output[-3000:]}"
