"""The compiler driver against the real pinned compiler, plus stand-ins for crashes and hangs."""

from __future__ import annotations

import stat
import time
from pathlib import Path

import pytest

from stream_fuzz.compiler import (
    CompilerNotFound,
    InProcessCompiler,
    Outcome,
    SubprocessCompiler,
    UnknownPipeline,
    resolve_pipeline,
)
from stream_fuzz.compiler.result import crash_site
from tests.conftest import PROGRAMS

ALLOCATION = resolve_pipeline("allocation")
STREAM = resolve_pipeline("stream")
MALFORMED = "util.func public @f() {\n  %x = stream.async.bogus\n}\n"


def program(name: str) -> str:
    return (PROGRAMS / name).read_text()


def test_pipelines_resolve() -> None:
    assert ALLOCATION == "builtin.module(iree-stream-schedule-allocation)"
    assert STREAM == "builtin.module(iree-stream-transformation-pipeline)"
    assert resolve_pipeline(custom="canonicalize") == "builtin.module(canonicalize)"
    with pytest.raises(UnknownPipeline):
        resolve_pipeline("nonsense")


def test_in_process_compiles_prescheduled_program(compiler: InProcessCompiler) -> None:
    result = compiler.compile(program("fanout_in_wave.mlir"), ALLOCATION)
    assert result.outcome is Outcome.OK, result.summary()
    output = result.output or ""
    assert "stream.cmd.execute" in output and "stream.async.execute" not in output
    assert "stream.cmd.flush to(#hal.device.promise<@dev1>)" in output
    assert result.compiler.backend == "in-process" and result.compiler.release == (3, 13)
    assert result.elapsed_s > 0


def test_in_process_runs_whole_stream_pipeline(compiler: InProcessCompiler) -> None:
    result = compiler.compile(program("flat_fanout.mlir"), STREAM)
    assert result.outcome is Outcome.OK, result.summary()
    assert (result.output or "").count("stream.cmd.execute on(") == 3  # one execute per device


def test_in_process_malformed_program_is_a_diagnostic(compiler: InProcessCompiler) -> None:
    result = compiler.compile(MALFORMED, ALLOCATION)
    assert result.outcome is Outcome.DIAGNOSTIC
    assert "stream.async.bogus" in result.diagnostics[0].message
    assert ":2:" in result.diagnostics[0].location  # points at the offending line


def test_in_process_pass_failure_is_a_diagnostic(compiler: InProcessCompiler) -> None:
    # Parses as text, but the verifier rejects it: the yield's lifetime disagrees with the result's.
    text = """
    util.func public @f(%r: !stream.resource<transient>, %s: index) {
      %0, %t = stream.async.execute with(%r as %c: !stream.resource<transient>{%s})
          -> !stream.resource<external>{%s} {
        stream.yield %c : !stream.resource<transient>{%s}
      } => !stream.timepoint
      util.return
    }"""
    result = compiler.compile(text, ALLOCATION)
    assert result.outcome is Outcome.DIAGNOSTIC
    assert result.diagnostics and result.diagnostics[0].severity == "error"


def test_subprocess_matches_in_process(compiler: InProcessCompiler, native_iree_opt: Path) -> None:
    with SubprocessCompiler(str(native_iree_opt)) as native:
        assert native.info.release == (3, 13)  # read from iree-compile beside it
        ours = compiler.compile(program("fanout_in_wave.mlir"), ALLOCATION)
        theirs = native.compile(program("fanout_in_wave.mlir"), ALLOCATION)
        assert theirs.outcome is Outcome.OK
        assert (theirs.output or "").strip() == (ours.output or "").strip()
        bad = native.compile(MALFORMED, ALLOCATION)
        assert bad.outcome is Outcome.DIAGNOSTIC
        assert "stream.async.bogus" in bad.diagnostics[0].message


def test_iree_compile_path_uses_the_iree_opt_beside_it(native_iree_opt: Path) -> None:
    with SubprocessCompiler(str(native_iree_opt.with_name("iree-compile"))) as native:
        assert native.binary.name == "iree-opt"


def _stand_in(tmp_path: Path, name: str, body: str) -> str:
    script = tmp_path / name
    # Answers --version like an `iree-opt` with no `iree-compile` beside it: LLVM's version only.
    version = 'if [ "$1" = --version ]; then echo "LLVM version 20.0.0git"; exit 0; fi\n'
    script.write_text("#!/bin/sh\n" + version + body + "\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def test_subprocess_crash_is_reported(tmp_path: Path) -> None:
    binary = _stand_in(tmp_path, "iree-opt", 'echo "Stack dump: pass exploded" >&2\nkill -SEGV $$')
    with SubprocessCompiler(binary, timeout=10) as fake:
        result = fake.compile("module {}", ALLOCATION)
    assert result.outcome is Outcome.CRASH
    assert "signal 11" in result.stderr_tail and "pass exploded" in result.stderr_tail


# A real crash of the pinned compiler (corpus/crash-concurrency-joins-zero-length-producer-and-consumer):
# a zero-size value joins its consumer's wave, and schedule-allocation dereferences its missing range.
ZERO_LENGTH_CRASH = """
util.global private @d0 : !hal.device
util.func public @main() {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %empty = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c0}
  %r = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%empty[%c0 to %c0 for %c0]) :
      (!stream.resource<*>{%c0}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %r : !stream.resource<*>
  util.return
}
"""


def test_a_real_crash_names_its_pass_and_function_in_both_backends(native_iree_opt: Path) -> None:
    # The bindings print no stack; the in-process backend asks the native iree-opt of the same wheel.
    with InProcessCompiler(timeout=60) as compiler:
        in_process = compiler.compile(ZERO_LENGTH_CRASH, STREAM)
    subprocess = SubprocessCompiler(str(native_iree_opt), timeout=60).compile(ZERO_LENGTH_CRASH, STREAM)
    for result in (in_process, subprocess):
        assert result.outcome is Outcome.CRASH, result.summary()
        lines = result.stderr_tail.splitlines()
        # The pass always (it does not depend on the stack); the site when the stack reaches it. Which
        # frame of the pass's file is innermost depends on the build's inlining and symbols (CI saw
        # applyAsyncAllocations, this machine AllocationScope::add), so only the pass part is fixed.
        assert "[crashed in pass: iree-stream-schedule-allocation]" in lines
        sites = [line for line in lines if line.startswith("[crash site:")]
        assert len(sites) <= 1, sites
        assert all(site.startswith("[crash site: ScheduleAllocationPass > ") for site in sites), sites
        assert "IR Dump" not in result.stderr_tail


def test_crash_site_reads_the_innermost_pass_and_its_own_frame() -> None:
    # The frames as LLVM prints them (shortened); the pass is the innermost runOnOperation, the function
    # the innermost frame in that pass's source file, not the MLIR helper it called.
    dump = "\n".join(
        [
            "Stack dump:",
            " #0 0x01 llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) Signals.cpp:0:0",
            " #1 0x02 mlir::detail::constant_op_binder<mlir::Attribute>::match(mlir::Operation*) Op.cpp:0:0",
            " #2 0x03 mlir::iree_compiler::Stream::(anonymous namespace)::Scope::add(mlir::Value) A.cpp:0:0",
            " #3 0x04 mlir::iree_compiler::(anonymous namespace)::APass::runOnOperation() A.cpp:0:0",
            " #4 0x05 mlir::detail::OpToOpPassAdaptor::run(mlir::Pass*, mlir::Operation*) Pass.cpp:0:0",
            " #5 0x06 mlir::detail::OpToOpPassAdaptor::runOnOperation(bool) Pass.cpp:0:0",
        ]
    )
    assert crash_site(dump) == "APass > Scope::add"
    assert crash_site("Stack dump:\n #0 0x01 (/lib/libc.so.6+0x3c050)") == ""


def test_subprocess_hang_is_killed(tmp_path: Path) -> None:
    binary = _stand_in(tmp_path, "iree-opt", "sleep 600")
    with SubprocessCompiler(binary, timeout=1) as fake:
        assert fake.info.version == "unknown IREE release (LLVM 20.0.0git)"
        result = fake.compile("module {}", ALLOCATION)
    assert result.outcome is Outcome.TIMEOUT
    assert result.elapsed_s < 10


def test_missing_or_non_executable_compiler_is_rejected(tmp_path: Path) -> None:
    with pytest.raises(CompilerNotFound, match="no iree-opt"):
        SubprocessCompiler(str(tmp_path / "missing" / "iree-opt"))
    plain = tmp_path / "iree-opt"
    plain.write_text("not a program")
    with pytest.raises(CompilerNotFound, match="not an executable"):
        SubprocessCompiler(str(plain))


@pytest.mark.parametrize(("hook", "signal_number"), [("segfault", 11), ("abort", 6)])
def test_in_process_crash_restarts_the_worker(hook: str, signal_number: int) -> None:
    text = program("fanout_in_wave.mlir")
    with InProcessCompiler(timeout=60, post_hook=f"tests.driver.faults:{hook}") as crashing:
        first = crashing.compile(text, ALLOCATION)
        second = crashing.compile(text, ALLOCATION)  # a fresh worker answers again
    assert first.outcome is Outcome.CRASH and f"signal {signal_number}" in first.stderr_tail
    assert second.outcome is Outcome.CRASH


def test_a_crash_that_does_not_reproduce_is_still_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The worker is retried in a fresh process (a use-after-free may crash only sometimes); a clean retry
    # never hides the crash it follows.
    monkeypatch.setenv("STREAM_FUZZ_TEST_FLAG", str(tmp_path / "crashed-once"))
    text = program("fanout_in_wave.mlir")
    with InProcessCompiler(timeout=60, post_hook="tests.driver.faults:abort_the_first_time") as flaky:
        result = flaky.compile(text, ALLOCATION)
    assert result.outcome is Outcome.CRASH and "signal 6" in result.stderr_tail
    assert (tmp_path / "crashed-once").exists()


def test_in_process_hang_is_killed_and_the_next_program_compiles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The timeout covers a fresh worker's start (spawn, import the bindings) too: short, but a few times
    # what that start takes on this machine now, so that the replacement compiles under load as well.
    with InProcessCompiler(timeout=60) as fresh:
        started = time.monotonic()
        assert fresh.compile(program("fanout_in_wave.mlir"), ALLOCATION).outcome is Outcome.OK
        timeout = max(2.0, 4 * (time.monotonic() - started))
    monkeypatch.setenv("STREAM_FUZZ_TEST_FLAG", str(tmp_path / "hung-once"))
    with InProcessCompiler(timeout=timeout, post_hook="tests.driver.faults:hang_the_first_time") as hanging:
        result = hanging.compile(program("fanout_in_wave.mlir"), ALLOCATION)
        assert result.outcome is Outcome.TIMEOUT
        assert result.elapsed_s < timeout + 8
        # The hung worker was killed; its replacement compiles the same program.
        assert hanging.compile(program("fanout_in_wave.mlir"), ALLOCATION).outcome is Outcome.OK


# A pass failing on two functions: the pass manager runs them in parallel and holds their diagnostics
# until both are done, so --mlir-print-ir-after-failure prints the failing pass's dumps first.
PARTITION_FAILS_IN_TWO_FUNCTIONS = "util.global private @d1 : !hal.device\n" + "".join(
    f"""
util.func public @{name}() {{
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{{%c16}}
  %v2 = stream.async.dispatch on(#hal.device.affinity<@d1, [0]>) @ex::@e(%v1[%c0 to %c16 for %c16])
      : (!stream.resource<*>{{%c16}}) -> (!stream.resource<*>{{%c16}})
  %v3 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@f(%v2[%c0 to %c16 for %c16])
      : (!stream.resource<*>{{%c16}}) -> (!stream.resource<*>{{%c16}})
  util.optimization_barrier %v3 : !stream.resource<*>
  util.return
}}
"""
    for name in ("main", "other")
)


def test_a_diagnostic_printed_after_the_failing_pass_dump_is_read(
    compiler: InProcessCompiler, native_iree_opt: Path
) -> None:
    """The subprocess backend read stderr only up to the first IR dump, so this failure was "exit
    status 1" (one signature for every such rejection) where the in-process backend names the error."""
    ours = compiler.compile(PARTITION_FAILS_IN_TWO_FUNCTIONS, STREAM)
    with SubprocessCompiler(str(native_iree_opt), timeout=60) as native:
        theirs = native.compile(PARTITION_FAILS_IN_TWO_FUNCTIONS, STREAM)
    assert ours.outcome is theirs.outcome is Outcome.DIAGNOSTIC
    expected = "is not compatible with the partition affinity"
    assert expected in ours.diagnostics[0].message
    assert expected in theirs.diagnostics[0].message
    assert theirs.failed_pass == "iree-stream-schedule-execution"
    assert not any("IR Dump" in d.message or "util.func" in d.message for d in theirs.diagnostics)
