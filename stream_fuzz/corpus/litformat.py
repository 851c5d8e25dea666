"""The lit test format of the corpus (`corpus/lit.cfg.py`): lit's ShTest, with each entry's expectation
read from its `status:` line, so that an entry never says XFAIL in two places that could disagree.

XFAIL means the bug, nothing else. An `open` entry is expected to fail, but a failure counts as the
expected one only when it shows a sign of the bug itself: FileCheck's complaint about this entry's CHECK
lines, a result iree-run-module found wrong or an IREE status it returned, a crash's stack, a compiler
diagnostic, one of IREE's own checkers rejecting the IR, or (timeout entries) a hang. A reproducer that
cannot run says so instead of passing as "bug still there":
- "cannot express here": the entry does not parse on the compiler under test, or a RUN line asks for a pass
  or option that compiler does not have (an older release, another build);
- "broken reproducer": a tool is missing or not executable, or the runtime cannot load the module (another
  release's bytecode), or the failure shows no sign of the bug at all.
Both are UNRESOLVED, which fails the suite (lit turns only a FAIL of an expected failure into XFAIL).

It lives here, not in lit.cfg.py, because lit sends the format to its worker processes by reference.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import lit.formats
import lit.Test

from stream_fuzz.corpus.entry import MalformedEntry, Status, read_entry

# A RUN line asks for what the compiler under test does not have: the entry cannot be expressed there.
CANNOT_EXPRESS = (
    "Unknown command line argument",
    "Cannot find option named",
    "does not refer to a registered pass",
    "failed to parse pass pipeline",
    "unknown pass",
    "for the --compile-from option",
)
# The reproducer itself is broken (or this machine's setup is): never the bug.
BROKEN = (
    "command not found",
    "No such file or directory",
    "No module named",
    "Permission denied",
    "Traceback (most recent call last)",
    "version mismatch",  # the runtime of another release refuses the module
    "could not open input file",
)
# What the bug itself looks like in lit's transcript; `{name}` is the entry's file name.
SYMPTOMS = (
    r"{name}:\d+: error: ",  # FileCheck: a CHECK line of this entry does not hold
    r"filecheck error: '<stdin>' is empty",  # FileCheck: the compiler printed nothing (it failed)
    r"\[FAILED\] result\[",  # iree-run-module: a result differs from the --expected_output
    r"\b(INVALID_ARGUMENT|FAILED_PRECONDITION|OUT_OF_RANGE|INTERNAL|UNKNOWN|ABORTED|DATA_LOSS); ",
    r"Stack dump:",  # a crash of the compiler
    r"command failed with exit status: -\d+",  # killed by a signal
    # The compiler rejects the program (after it parsed); older releases name a split of the file so.
    r"^# \| (.*\.mlir:\d+:\d+|within split at .*\.mlir:\d+ offset :\d+:\d+): error: ",
    # One of IREE's own checkers (oracles/checkers.py) rejects the IR piped or printed to it.
    r"^# \| \S+:\d+:\d+: error: '[\w.]+' op "
    r"(does not have an affinity assigned|has invalid \w+ access range)",
)


def iree_opt_of(test: Any) -> str | None:
    """The `iree-opt` under test, as lit.cfg.py chose it."""
    return getattr(test.config, "iree_opt", None)


def parses(iree_opt: str, path: Path) -> tuple[bool, str]:
    """Whether the compiler under test reads every witness of the entry (no pass is run)."""
    try:
        done = subprocess.run(
            [iree_opt, "--split-input-file", str(path), "-o", "/dev/null"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return False, f"{iree_opt} could not read it: {error}"
    return done.returncode == 0, done.stderr.strip()


def not_the_bug(
    name: str,
    kind: str,
    timed_out: bool,
    output: str,
    runs_program: bool = False,
    failure_signs: tuple[str, ...] = (),
) -> str | None:
    """None when the failure of an open entry is the bug's own; else why it is not. An entry that runs its
    program (`runs_program`) shows a wrong result or a run-time error: the compiler rejecting or crashing on
    the program first is another failure (another bug, or an input this release does not take), unless
    the entry's bug is that rejection or crash. An entry that names `failure_signs` (what the compiler prints
    when this bug makes it fail, `// failure:`) fails for the bug only where the compiler printed one."""
    if timed_out:
        return None if kind == "timeout" else "broken reproducer: it hangs, and it is not a timeout entry"
    for sign in CANNOT_EXPRESS:
        if sign in output:
            return f"cannot express here: the compiler says {sign!r}"
    for sign in BROKEN:
        if sign in output:
            return f"broken reproducer: {sign!r} (a tool, a file or the setup, not the bug)"
    symptoms = [pattern.format(name=re.escape(name)) for pattern in SYMPTOMS]
    if not any(re.search(pattern, output, re.M) for pattern in symptoms):
        return "broken reproducer: it fails without any sign of the bug"
    if kind == "crash" and not re.search(symptoms[4] + "|" + symptoms[5], output, re.M):
        return "broken reproducer: a crash entry that does not crash"
    compiler_failed = re.search(symptoms[6] + "|" + symptoms[4], output, re.M)
    if runs_program and kind not in ("crash", "invalid-program") and compiler_failed:
        return "another failure: the compiler rejects or crashes on the program before it runs"
    if failure_signs and not any(sign in output for sign in failure_signs):
        said = " or ".join(repr(sign) for sign in failure_signs)
        return f"another failure: the compiler fails, but does not print this bug's {said}"
    return None


# A timeout entry's bug is a hang: the compiler does such a program in well under a second, so 20 s of it is
# a hang, and the suite does not wait out its whole per-test limit for each such entry.
TIMEOUT_ENTRY_S = 20


class CorpusTest(lit.formats.ShTest):
    """An `open` entry is a known bug: its CHECK lines state the correct output, so lit expects it to fail,
    for the bug's reason only (see the module docstring)."""

    def execute(self, test: Any, lit_config: Any) -> Any:
        path = Path(test.getSourcePath())
        try:
            entry = read_entry(path)
        except MalformedEntry as error:
            return lit.Test.Result(lit.Test.UNRESOLVED, str(error))
        iree_opt = iree_opt_of(test)
        if iree_opt:
            ok, why = parses(iree_opt, path)
            if not ok:
                why = f"cannot express here: the entry does not parse on {iree_opt}:\n{why}"
                return lit.Test.Result(lit.Test.UNRESOLVED, why)
        # `-D expect=bug` (stream-fuzz releases): every entry is run as a bug, to see which releases have it.
        if entry.status is not Status.OPEN and lit_config.params.get("expect") != "bug":
            return super().execute(test, lit_config)
        test.xfails = ["*"]  # lit turns a FAIL into XFAIL, and a PASS into XPASS (fixed?), after this returns
        if entry.kind == "timeout":
            result = self._with_time_limit(test, lit_config, TIMEOUT_ENTRY_S)
        else:
            result = super().execute(test, lit_config)
        timed_out = result.code is lit.Test.TIMEOUT
        if result.code is not lit.Test.FAIL and not timed_out:
            return result
        runs_program = any("iree-run-module" in line for line in entry.text.splitlines() if "RUN:" in line)
        problem = not_the_bug(
            path.name, entry.kind, timed_out, result.output or "", runs_program, entry.failure_signs
        )
        if problem is None:
            return lit.Test.Result(lit.Test.FAIL, result.output, result.elapsed)
        output = f"stream-fuzz corpus: {problem}\n\n{result.output}"
        return lit.Test.Result(lit.Test.UNRESOLVED, output, result.elapsed)

    def _with_time_limit(self, test: Any, lit_config: Any, seconds: int) -> Any:
        """Run under a lower per-test limit (a worker runs one test at a time; it is restored after)."""
        limit = test.config.maxIndividualTestTime
        test.config.maxIndividualTestTime = min(limit, seconds) if limit else seconds
        try:
            return super().execute(test, lit_config)
        finally:
            test.config.maxIndividualTestTime = limit
