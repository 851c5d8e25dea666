"""`stream-fuzz compile` and `check`: outputs and exit codes (0 ok, 1 finding, 2 bad input)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from stream_fuzz.cli.main import main
from tests.conftest import PROGRAMS, corpus_witness

SEED = Path(__file__).resolve().parent.parent / "oracles" / "programs" / "seed_tp4_fanout.mlir"
NESTED_OPTIMAL = "bad-output-optimal-joinor-nests-members"  # its first witness prints IR that does not parse


def test_compile_prints_output_ir(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compile", str(PROGRAMS / "fanout_in_wave.mlir")]) == 0
    assert "stream.cmd.execute" in capsys.readouterr().out


def test_compile_rejected_program_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.mlir"
    bad.write_text("util.func @f() {\n  %x = stream.async.bogus\n}\n")
    assert main(["compile", str(bad)]) == 1
    assert "diagnostic" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "complaint"),
    [
        (["compile", "missing.mlir"], "no such file: missing.mlir"),
        (["compile", str(SEED), "--pipeline", "nope"], "unknown pipeline 'nope'"),
        (["compile", str(SEED), "--iree-opt", "/nonexistent/iree-opt"], "no iree-opt at"),
        (["compile", str(SEED), "--frobnicate"], "unrecognized arguments: --frobnicate"),
        (["explode"], "invalid choice: 'explode'"),
        (["stats", "--size", "0"], "--size must be between 1 and 5000, not 0"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_2(
    argv: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert complaint in err and len(err.splitlines()) == 1


def test_check_clean_program_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(SEED)]) == 0
    assert "0 violation(s)" in capsys.readouterr().out


def test_check_runs_the_whole_stream_pipeline_on_a_flat_program(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A flat async program with no pipeline named gets the stream pipeline: schedule-allocation alone
    would leave its transfers unscheduled and report nothing (here a parameter pulled to another device)."""
    program = tmp_path / "flat.mlir"
    program.write_text(corpus_witness("placement-read-pull-of-a-parameter-loaded-for-one-device", 0))
    assert main(["check", str(program)]) == 1  # no corpus header: the default applies
    assert "[placement/read]" in capsys.readouterr().out
    assert main(["check", str(program), "--pipeline", "allocation"]) == 0  # what the old default did
    assert "0 violation(s)" in capsys.readouterr().out


def test_check_no_compile_finds_a_dropped_flush(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compile", str(SEED)]) == 0
    output = capsys.readouterr().out
    broken = tmp_path / "broken.mlir"
    broken.write_text("\n".join(line for line in output.splitlines() if "stream.cmd.flush" not in line))
    # Without the input program the transfer rule cannot run (it needs to know what was transferred)...
    assert main(["check", "--no-compile", "--json", str(broken)]) == 0
    assert "the input program is unknown" in capsys.readouterr().out
    # ...with it, the three dropped flushes are found.
    assert main(["check", "--no-compile", "--json", "--input", str(SEED), str(broken)]) == 1
    verdict = json.loads(capsys.readouterr().out)
    assert {v["rule"] for v in verdict["violations"]} == {"visibility/transfer"}
    assert len(verdict["violations"]) == 3  # one per destination device


def test_check_no_compile_on_unreadable_ir_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.mlir"
    junk.write_text("this is not MLIR")
    assert main(["check", "--no-compile", str(junk)]) == 2
    assert f"no stream program in {junk}" in capsys.readouterr().err


def test_check_with_external_binary(native_iree_opt: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(SEED), "--iree-opt", str(native_iree_opt), "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["compiler"]["path"] == str(native_iree_opt.resolve())
    assert verdict["violations"] == []


def test_bisect_names_the_pass_and_prints_a_reproducer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    program = tmp_path / "nested_optimal.mlir"
    program.write_text(corpus_witness(NESTED_OPTIMAL))
    before = tmp_path / "before.mlir"
    argv = ["bisect", str(program), "--pipeline", "allocation", "--save-before", str(before)]
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert "iree-stream-schedule-allocation -> bad-output" in out
    assert f"iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' {before}" in out
    assert before.read_text().strip()  # the IR just before the failing pass


def test_bisect_clean_program_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bisect", str(SEED), "--pipeline", "allocation"]) == 0
    assert "no pass breaks a rule" in capsys.readouterr().out


def test_stats_reports_validity_and_features(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = tmp_path / "stats.json"
    assert main(["stats", "--level", "l2", "--examples", "20", "--json", str(report)]) == 0
    data = json.loads(report.read_text())
    assert data["programs"] == 20 and 0 <= data["valid"] <= 20
    assert data["features"]["level_l2"] == 1.0
    assert "valid" in capsys.readouterr().out


@pytest.mark.slow
def test_stats_l3_compiles_frontend_programs_and_counts_their_shapes(tmp_path: Path) -> None:
    report = tmp_path / "stats.json"
    assert main(["stats", "--level", "l3", "--examples", "6", "--seed", "1", "--json", str(report)]) == 0
    data = json.loads(report.read_text())
    assert data["level"] == "l3" and data["programs"] == 6 and data["valid"] == 6
    assert 0 < data["compiled"] <= 6  # a compiler failure is counted apart, never as invalid
    assert any(name.startswith("op_") for name in data["features"])
    assert sum(share for name, share in data["features"].items() if name.startswith("devices_")) == 1.0


def test_stats_size_draws_big_programs(tmp_path: Path) -> None:
    small, big = tmp_path / "small.json", tmp_path / "big.json"
    assert main(["stats", "--level", "l2", "--examples", "8", "--seed", "2", "--json", str(small)]) == 0
    assert (
        main(
            ["stats", "--level", "l2", "--examples", "8", "--seed", "2", "--size", "300", "--json", str(big)]
        )
        == 0
    )
    ops = [json.loads(path.read_text())["median_ops"] for path in (small, big)]
    assert ops[1] > 100 > ops[0]


def test_stats_seed_repeats_the_draw(tmp_path: Path) -> None:
    runs = []
    for i in range(2):
        report = tmp_path / f"stats{i}.json"
        assert main(["stats", "--level", "l2", "--examples", "15", "--seed", "7", "--json", str(report)]) == 0
        runs.append(json.loads(report.read_text())["features"])
    assert runs[0] == runs[1]


def test_stats_hands_every_rejected_program_to_on_invalid() -> None:
    from stream_fuzz.campaign.stats import Judged, collect_stats

    # Stats bookkeeping only: this compile_fn stands in for a verifier that rejects every transfer, and a
    # pipeline that fails on every other valid program (by count, not by a property of the text: which
    # programs a seed draws shifts with the constants of the modules loaded, and few lack a transfer).
    valid_seen = itertools.count()

    def judged(text: str, _: str) -> Judged:
        accepted = "stream.async.transfer" not in text
        compiled = accepted and next(valid_seen) % 2 == 0
        return Judged(accepted, compiled, "error: no")

    seen: list[tuple[str, str]] = []
    data = collect_stats("l2", 60, judged, draw_seed=3, on_invalid=lambda t, diag: seen.append((t, diag)))
    assert data["programs"] - data["valid"] == len(seen) > 5  # more than the summary keeps
    assert all("stream.async.transfer" in text and diag == "error: no" for text, diag in seen)
    # A valid program the pipeline fails on is the compiler's failure, not the generator's.
    assert 0 < data["compiled"] < data["valid"]
    assert sum(data["compiler_failures"].values()) == data["valid"] - data["compiled"]


def test_stats_counts_what_the_verifier_rejects_apart_from_what_a_pass_rejects() -> None:
    from stream_fuzz.compiler import Outcome, resolve_pipeline
    from stream_fuzz.judge.verdict import Judge

    with Judge() as judge:
        # A pass rejects a valid program (a known compiler bug): the verifier accepts its input.
        program = corpus_witness("invalid-program-coalesce-adjacent-fills-offset")
        assert judge.judge(program, resolve_pipeline("stream")).result.outcome is Outcome.DIAGNOSTIC
        assert not judge.rejects_input(program)
        # The generator's own defect: a resource of a lifetime that does not exist.
        broken = program.replace("!stream.resource<*>", "!stream.resource<nonsense>", 1)
        assert broken != program and judge.rejects_input(broken)


def test_an_interrupt_python_swallows_prints_no_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    """SIGTERM landing in a gc callback: Python prints it as an ignored exception unless it is a
    remembered interrupt (raised again at the next program); any other unraisable error still prints."""
    import signal
    import sys

    from stream_fuzz import interrupts
    from stream_fuzz.cli.common import Terminated
    from stream_fuzz.cli.main import _quiet_about_swallowed_interrupts

    def unraisable(error: BaseException) -> sys.UnraisableHookArgs:
        """Python's own record of an exception raised where it cannot propagate (a __del__ here)."""
        caught: list[sys.UnraisableHookArgs] = []

        class Dying:
            def __del__(self) -> None:
                raise error

        previous, sys.unraisablehook = sys.unraisablehook, caught.append
        try:
            Dying()
        finally:
            sys.unraisablehook = previous
        return caught[0]

    try:
        interrupts.remember(signal.SIGTERM)
        _quiet_about_swallowed_interrupts(unraisable(Terminated()))
        assert capsys.readouterr().err == ""
    finally:
        interrupts.forget()
    _quiet_about_swallowed_interrupts(unraisable(Terminated()))  # not remembered: Python's own message
    _quiet_about_swallowed_interrupts(unraisable(ValueError("a real bug")))
    err = capsys.readouterr().err
    assert "Terminated" in err and "ValueError: a real bug" in err
