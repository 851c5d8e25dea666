"""Replay every entry in corpus/ against the pinned compiler: each is as its status line says.

An `open` entry is a known compiler bug: every witness must fail *as recorded* (a signature the entry
lists), so the day IREE fixes it, or the day it fails for another reason, this suite says so. A `fixed`
entry must pass (a regression fails). A `not-a-bug` entry passes, or fails as recorded (intended output).

For entries with CHECK lines, the lines must tell the faulty output from a fixed one: they fail on what the
pinned compiler prints and pass on the same output repaired the way the rule says it should be.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from _pytest.mark.structures import ParameterSet
from stream_fuzz.oracles import Rule
from stream_fuzz.oracles.sanitize import repair_print_defects

from stream_fuzz.corpus.checklines import primary
from stream_fuzz.corpus.entry import Entry, as_recorded, read_entry
from stream_fuzz.corpus.filecheck import run_filecheck
from stream_fuzz.corpus.replay import AS_RECORDED, EXPECTED, replay_entry
from stream_fuzz.judge.findings import finding_from
from stream_fuzz.judge.fixes import plausible_fix
from stream_fuzz.judge.l3 import PIPELINE as L3_PIPELINE
from stream_fuzz.judge.verdict import Judge

CORPUS = Path(__file__).resolve().parent.parent.parent / "corpus"
CORRECT_OUTPUTS = Path(__file__).resolve().parent / "correct_outputs"  # test_checks_accept_correct_outputs.py
# The entries, their one-pass reproducers and their frontend witnesses.
ENTRIES = [
    *sorted(CORPUS.glob("*.mlir")),
    *sorted(CORPUS.glob("one-pass/*.mlir")),
    *sorted(CORPUS.glob("frontend/*.mlir")),
]
# Entries compile in milliseconds and an L3 witness to a .vmfb in ~1 s, but one beside a parallel test on a
# busy machine took over 10 s; a hang (a timeout entry) must still not hold the suite for long.
TIMEOUT_S = 30


@pytest.fixture(scope="module")
def judge() -> Iterator[Judge]:
    with Judge(timeout=TIMEOUT_S) as pinned:
        yield pinned


# Rules whose violations have no plausible fix to derive (`fixes.fix_of` is None) but are stated by CHECK
# lines on the final output: the entry's correct outputs under CORRECT_OUTPUTS stand for the fix. IREE's
# verify-affinities rejecting an allocation left without affinity is one (the joinOR entry's slab witness):
# which devices the fix places it on is the fix's choice, the CHECK lines name the ones that use it.
NO_ONE_REPAIR = frozenset({Rule.BORROWED, Rule.BEFORE_ALLOCA, Rule.AFFINITY, Rule.CARRIED})


def _stored_outputs_pass(
    entry: Entry, index: int, program: str, checks: str, strict: bool, judge: Judge
) -> None:
    """Each stored correct output, the witness's own part of it when the entry has several (a correct
    output of a split file is split the same way), passes the oracle and the witness's CHECK lines."""
    repaired = _correct_outputs(entry)
    assert len(repaired) >= 2, (
        f"{entry.path.name}: fewer than two correct outputs under {CORRECT_OUTPUTS.name}"
    )
    for output in repaired:
        text = output.read_text()
        if len(entry.programs) > 1:
            parts = re.split(r"^// -----$", text, flags=re.MULTILINE)
            assert len(parts) == len(entry.programs), f"{output.name}: not one part per witness"
            text = parts[index]
        found = finding_from(judge.check_output(text, program))
        assert found is None, f"{output.name}: the oracle finds {found and found.title} in a correct output"
        passed, complaint = run_filecheck(checks, text, strict)
        assert passed, f"{output.name}: {complaint}"


def reread_generic(text: str) -> str:
    """`text` read by the pinned bindings and printed in generic form (`iree-opt --mlir-print-op-generic`)."""
    from iree.compiler import ir

    from stream_fuzz.compiler.worker import new_context

    return ir.Module.parse(text, new_context(ir)).operation.get_asm(print_generic_op_form=True)


def _correct_outputs(entry: Entry) -> list[Path]:
    folder = CORRECT_OUTPUTS / entry.path.relative_to(CORPUS).with_suffix("")
    return sorted(folder.glob("*.mlir"))


def _entries() -> list[ParameterSet]:
    """A hang waits out the timeout: the slow tier replays it."""
    return [
        pytest.param(
            path,
            id=str(path.relative_to(CORPUS).with_suffix("")),
            marks=[pytest.mark.slow] if path.name.startswith("timeout-") else [],
        )
        for path in ENTRIES
    ]


@pytest.mark.parametrize("path", _entries())
def test_entry_replays_as_its_status_says(path: Path, judge: Judge) -> None:
    entry = read_entry(path)  # a malformed entry fails here, naming the file
    replay = replay_entry(entry, judge)
    assert replay.state in EXPECTED[entry.status], f"{replay.state}: {replay.reason} ({replay.note})"
    if entry.status == "open":
        assert all(w.state == AS_RECORDED for w in replay.witnesses)


def _checked_witnesses() -> list[ParameterSet]:
    params: list[ParameterSet] = []
    for path in ENTRIES:
        entry = read_entry(path)
        if entry.status != "open" or entry.kind not in ("violation", "bad-output"):
            continue
        if entry.pipeline == L3_PIPELINE:  # CHECK lines on iree-compile's output: lit runs them (test_lit)
            continue
        for index, program in enumerate(entry.programs):
            if re.search(r"^// CHECK", program, re.M):
                params.append(
                    pytest.param(entry, index, id=f"{path.relative_to(CORPUS).with_suffix('')}-{index + 1}")
                )
    return params


@pytest.mark.parametrize(("entry", "index"), _checked_witnesses())
def test_check_lines_fail_on_the_bug_and_pass_on_a_fix(entry: Entry, index: int, judge: Judge) -> None:
    program = entry.programs[index]
    checks = "\n".join(line for line in program.splitlines() if line.startswith("// CHECK")) + "\n"
    # An entry whose CHECK lines read indentation (which op sits in which wave) says so on its RUN line.
    strict = "--strict-whitespace" in entry.text
    verdict = judge.judge(program, entry.pipeline, entry.async_output)
    faulty = verdict.result.output or ""
    finding = finding_from(verdict)
    assert finding is not None and as_recorded(entry, finding)
    if entry.async_output:
        # A one-pass clobbered read. Its input is valid async IR (no value read after an op wrote it in
        # place), except before copy-on-write, whose input may tie an op to a value still read: making that
        # safe is the pass's job. The CHECK lines fail on the bug and hold on every stored correct output of
        # the pass, each free of clobbered reads by the oracle too.
        if "materialize-copy-on-write" not in entry.pipeline:
            unchanged = judge.judge(program, "builtin.module()").result.output or ""
            verdict = judge.check_output(unchanged, program, async_ir=True)
            assert finding_from(verdict) is None, "the input is already wrong"
        assert not run_filecheck(checks, faulty)[0], "the CHECK lines pass on the faulty output"
        assert len(entry.programs) == 1, (
            "a one-pass file has one program: its correct outputs are whole outputs"
        )
        repaired = _correct_outputs(entry)
        assert len(repaired) >= 2, (
            f"{entry.path.name}: fewer than two correct outputs under {CORRECT_OUTPUTS.name}"
        )
        for output in repaired:
            fixed = output.read_text()
            found = finding_from(judge.check_output(fixed, program, async_ir=True))
            assert found is None, (
                f"{output.name}: the oracle finds {found and found.title} in a correct output"
            )
            passed, complaint = run_filecheck(checks, fixed, strict)
            assert passed, f"{output.name}: {complaint}"
        return
    elif finding.kind == "bad-output" and judge.parse_error(faulty) == "":
        # The output reads back, as other IR (`compiler/roundtrip.py`): the RUN line prints the re-read
        # module in generic form, which the CHECK lines read. They fail on that and hold on the stored
        # correct outputs (the module as the compiler built it, or a fixed pass's).
        assert not run_filecheck(checks, reread_generic(faulty), strict)[0], (
            "the CHECK lines pass on the faulty output"
        )
        _stored_outputs_pass(entry, index, program, checks, strict, judge)
        return
    elif finding.kind == "bad-output":
        # What is wrong is that the output does not read back (the RUN line parses it again); repaired, it
        # reads back and the CHECK lines hold.
        fixed = repair_print_defects(faulty)
        assert judge.parse_error(fixed) == "" and judge.parse_error(faulty) != ""
    else:
        # CHECK lines read the final output; a clobbered read is judged on the async IR on the way (its
        # own RUN lines), so the lines witness the bug the final output shows.
        on_output = tuple(v for v in finding.violations if v.rule is not Rule.CLOBBER)
        assert not run_filecheck(checks, faulty, strict)[0], "the CHECK lines pass on the faulty output"
        if finding.rules[0] in NO_ONE_REPAIR:
            # No repair of the output to derive (where the protecting copy goes is the fix's choice): the
            # stored correct outputs are its fixes, each clean by the oracle too.
            _stored_outputs_pass(entry, index, program, checks, strict, judge)
            return
        fixed = plausible_fix(faulty, primary(on_output)) or ""
        assert fixed, "no plausible fix for these violations"
    passed, complaint = run_filecheck(checks, fixed, strict)
    assert passed, complaint
