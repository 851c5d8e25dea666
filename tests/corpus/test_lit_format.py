"""XFAIL means the bug: the corpus's lit format counts an open entry's failure as the expected one only when
it shows a sign of the bug. Each case is a tiny corpus entry run under the real lit with the real compiler;
`stream-fuzz releases` turns the same verdicts into release ranges."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from stream_fuzz.cli.main import main
from stream_fuzz.compiler import native_iree_opt
from stream_fuzz.corpus.entry import MalformedEntry, read_entry
from stream_fuzz.corpus.releases import Outcome, Release, VerdictCache, classify, ranges
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge.findings import finding_from
from stream_fuzz.judge.verdict import Judge
from tests.conftest import CORPUS, corpus_witness

HEADER = """// stream-fuzz finding: invalid-program
// signature: invalid-program-000000000000
// status: {status}
// found: by hand, for the lit format's tests
// compiler: 3.13.0
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// failure: {failure}
//
"""
PROGRAM = """
util.global private @d0 : !hal.device
util.func public @main() {
  util.return
}
"""
# IREE's own affinity checker rejects it (a pass failure, after the program parsed).
UNPLACED = """
util.global private @d0 : !hal.device
util.func public @main() -> !stream.resource<*> {
  %c16 = arith.constant 16 : index
  %c0 = arith.constant 0 : i8
  %0 = stream.async.splat %c0 : i8 -> !stream.resource<*>{%c16}
  util.return %0 : !stream.resource<*>
}
"""
CHECKER = (
    "// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-verify-affinities)' %s | FileCheck %s\n"
)
# name -> (status, RUN and CHECK lines, the program[, the `failure:` line]); the default failure line names
# no text ("- (why)"), so any rejection counts, as before entries named one.
CASES = {
    # The compiler rejects the program with the diagnostic the entry names: the bug.
    "rejected_as_named.mlir": (
        "open",
        CHECKER,
        UNPLACED,
        "does not have an affinity",
    ),
    # It rejects the program, but not as the entry's bug does: another failure (another bug, or an older
    # release that cannot take the program), never "has the bug".
    "rejected_otherwise.mlir": (
        "open",
        CHECKER,
        UNPLACED,
        "does not dominate this use | is not compatible with the partition affinity",
    ),
    # FileCheck rejects the output: the bug's own sign.
    "filecheck_rejects.mlir": ("open", "// RUN: iree-opt %s | FileCheck %s\n// CHECK: no.such.op\n", PROGRAM),
    # A RUN line whose tool is missing is a broken reproducer, however the test ends.
    "tool_missing.mlir": ("open", "// RUN: no-such-tool-here %s | FileCheck %s\n// CHECK: x\n", PROGRAM),
    # The program does not parse on this compiler: it cannot be expressed here.
    "does_not_parse.mlir": ("open", "// RUN: iree-opt %s | FileCheck %s\n// CHECK: x\n", "util.func @f( {\n"),
    # A pass this compiler does not have.
    "unknown_pass.mlir": (
        "open",
        "// RUN: iree-opt --pass-pipeline='builtin.module(no-such-pass)' %s | FileCheck %s\n// CHECK: x\n",
        PROGRAM,
    ),
    # It fails, but nothing in the transcript is the bug: `not` of a compile that succeeds.
    "no_sign_of_the_bug.mlir": ("open", "// RUN: not iree-opt %s\n", PROGRAM),
    # A fixed entry passes.
    "fixed_and_passing.mlir": (
        "fixed",
        "// RUN: iree-opt %s | FileCheck %s\n// CHECK: util.func public @main\n",
        PROGRAM,
    ),
}


def case_text(name: str) -> str:
    """The entry file of one of CASES."""
    status, lines, program, *failure = CASES[name]
    said = failure[0] if failure else "- (a test entry: any rejection counts)"
    return HEADER.format(status=status, failure=said) + lines + program


def _corpus(folder: Path) -> Path:
    folder.mkdir()
    shutil.copy(CORPUS / "lit.cfg.py", folder / "lit.cfg.py")
    for name in CASES:
        (folder / name).write_text(case_text(name))
    return folder


def _lit(corpus: Path, *params: str) -> dict[str, dict[str, str]]:
    report = corpus.parent / "lit.json"
    exec_root = corpus.parent / "exec"
    command = [sys.executable, "-c", "import lit.main; lit.main.main()", str(corpus), "-q", "-o", str(report)]
    for param in (f"exec_root={exec_root}", *params):
        command += ["-D", param]
    subprocess.run(command, capture_output=True, text=True, timeout=300)
    tests = json.loads(report.read_text())["tests"]
    return {test["name"].split(" :: ")[1]: test for test in tests}


def test_only_the_bug_is_an_expected_failure(tmp_path: Path) -> None:
    results = _lit(_corpus(tmp_path / "corpus"))
    codes = {name: test["code"] for name, test in results.items()}
    assert codes == {
        "rejected_as_named.mlir": "XFAIL",
        "rejected_otherwise.mlir": "UNRESOLVED",
        "filecheck_rejects.mlir": "XFAIL",
        "tool_missing.mlir": "UNRESOLVED",
        "does_not_parse.mlir": "UNRESOLVED",
        "unknown_pass.mlir": "UNRESOLVED",
        "no_sign_of_the_bug.mlir": "UNRESOLVED",
        "fixed_and_passing.mlir": "PASS",
    }
    assert "broken reproducer" in results["tool_missing.mlir"]["output"]
    assert "cannot express here" in results["does_not_parse.mlir"]["output"]
    assert "cannot express here" in results["unknown_pass.mlir"]["output"]
    assert "without any sign of the bug" in results["no_sign_of_the_bug.mlir"]["output"]
    said = results["rejected_otherwise.mlir"]["output"]
    assert "another failure" in said and "'does not dominate this use' or" in said, said


def test_an_open_invalid_program_entry_names_its_failure(tmp_path: Path) -> None:
    """Without a `failure:` line any rejection would count as the bug: the entry is malformed (and says
    why)."""
    entry = tmp_path / "invalid-program-unnamed.mlir"
    entry.write_text(HEADER.replace("// failure: {failure}\n", "").format(status="open") + PROGRAM)
    with pytest.raises(MalformedEntry, match="needs a `// failure:` line"):
        read_entry(entry)
    entry.write_text(HEADER.format(status="open", failure="a | b ") + PROGRAM)
    assert read_entry(entry).failure_signs == ("a", "b")
    entry.write_text(HEADER.format(status="open", failure="- (witness 2 shows no diagnostic)") + PROGRAM)
    assert read_entry(entry).failure_signs == ()
    entry.write_text(HEADER.replace("// failure: {failure}\n", "").format(status="not-a-bug") + PROGRAM)
    assert read_entry(entry).failure_signs == ()


def test_a_compiler_that_is_not_one_expects_nothing(tmp_path: Path) -> None:
    """`/bin/false` as iree-opt: every entry is unresolved, none 'still has its bug'."""
    results = _lit(_corpus(tmp_path / "corpus"), "iree_opt=/bin/false")
    assert {test["code"] for test in results.values()} == {"UNRESOLVED"}


def test_release_ranges_group_neighbouring_releases() -> None:
    releases = [Release(label, Path("iree-opt")) for label in ("3.1", "3.2", "3.3", "3.4", "3.5", "3.13")]
    bug, ok, cannot = Outcome.HAS_BUG, Outcome.CORRECT, Outcome.CANNOT_EXPRESS
    assert (
        ranges(releases, [cannot, ok, ok, bug, bug, bug])
        == "has the bug 3.4-3.13; correct 3.2-3.3; cannot express 3.1"
    )
    assert (
        ranges(releases, [bug, ok, bug, bug, ok, bug]) == "has the bug 3.1, 3.3-3.4, 3.13; correct 3.2, 3.5"
    )


def test_lit_verdicts_become_outcomes() -> None:
    assert classify("XFAIL", "").outcome is Outcome.HAS_BUG
    assert classify("XPASS", "").outcome is Outcome.CORRECT
    assert (
        classify("UNRESOLVED", "cannot express here: the entry does not parse").outcome
        is Outcome.CANNOT_EXPRESS
    )
    assert classify("UNRESOLVED", "stream-fuzz corpus: broken reproducer: x").outcome is Outcome.BROKEN
    assert classify("UNSUPPORTED", "").outcome is Outcome.NOT_RUN


def test_releases_command_writes_the_computed_range(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    corpus = _corpus(tmp_path / "corpus")
    entries = [
        corpus / "filecheck_rejects.mlir",
        corpus / "does_not_parse.mlir",
        corpus / "fixed_and_passing.mlir",
    ]
    iree_opt = str(native_iree_opt())
    code = main(["releases", *map(str, entries), "--corpus", str(corpus), "--iree-opt", iree_opt, "--write"])
    assert code == 0, capsys.readouterr()
    assert read_entry(entries[0]).releases.startswith("has the bug 3.13 (computed by stream-fuzz releases")
    assert read_entry(entries[1]).releases.startswith("cannot express 3.13")
    # A fixed entry run as a bug: its CHECK lines pass, so this release is correct.
    assert read_entry(entries[2]).releases.startswith("correct 3.13")
    # Each verdict is kept per release and per what lit runs of the entry, not its prose: the releases
    # line just written does not make it run again.
    cached = VerdictCache().read()
    assert len(cached) == 3
    release = Release("3.13", native_iree_opt(), next(iter(cached)).split("|")[0])
    assert all(VerdictCache.key(release, entry) in cached for entry in entries)
    # A broken reproducer is never the bug, and the command says so.
    code = main(
        ["releases", str(corpus / "tool_missing.mlir"), "--corpus", str(corpus), "--iree-opt", iree_opt]
    )
    assert code == 1
    assert "another failure on some release" in capsys.readouterr().err


def test_a_program_the_compiler_rejects_is_not_a_wrong_result(tmp_path: Path) -> None:
    """An entry that runs its program shows its bug at run time; the compiler rejecting the program first
    (another bug, or an input an older release does not take) is another failure, never this bug."""
    corpus = _corpus(tmp_path / "corpus")
    for name in CASES:
        (corpus / name).unlink()
    header = HEADER.format(status="open", failure="-").replace(
        "finding: invalid-program", "finding: wrong-result"
    )
    run = (
        "// RUN: iree-compile %s -o %t.vmfb\n"
        "// RUN: iree-run-module --module=%t.vmfb --function=main --expected_output=4xi32=1,2,3,4\n"
    )
    program = (  # it parses, and iree-compile rejects it: a transfer to a device that does not exist
        "func.func @main(%x: tensor<4xi32>) -> tensor<4xi32> {\n"
        "  %0 = flow.tensor.transfer %x : tensor<4xi32> to #hal.device.affinity<@nope>\n"
        "  return %0 : tensor<4xi32>\n}\n"
    )
    (corpus / "rejected_before_the_run.mlir").write_text(header + run + program)
    result = _lit(corpus)["rejected_before_the_run.mlir"]
    assert result["code"] == "UNRESOLVED" and "another failure" in result["output"], result["output"][-2000:]


def test_a_campaign_names_the_failure_of_an_invalid_program_it_records(real: Judge, tmp_path: Path) -> None:
    """An invalid-program entry the campaign writes carries its first diagnostic as its `failure:` line
    (without location or SSA values), and lit counts the entry's run as the bug."""
    program = corpus_witness("one-pass/invalid-program-ipo-duplicate-result-replaced-twice")
    pipeline = read_entry(
        CORPUS / "one-pass/invalid-program-ipo-duplicate-result-replaced-twice.mlir"
    ).pipeline
    verdict = real.judge(program, pipeline)
    finding = finding_from(verdict)
    assert finding is not None and finding.kind == "invalid-program"
    corpus = _corpus(tmp_path / "corpus")
    for name in CASES:
        (corpus / name).unlink()
    path = Corpus(corpus).record(finding, program, pipeline, verdict.result.compiler, [])
    assert path is not None
    assert read_entry(path).failure_signs == ("operation's operand is unlinked",)
    assert {name: test["code"] for name, test in _lit(corpus).items()} == {path.name: "XFAIL"}
