"""Compile a program and apply the oracle to the output: one `Verdict` per program.

With the pinned in-process compiler the oracle runs inside the compiler worker on the module it just
compiled (no re-parse). With an external `iree-opt`, its printed output is read and checked in a worker
process too, so a parser crash on strange output is also contained and reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from stream_fuzz.compiler import CompileResult, CompilerInfo, InProcessCompiler, Outcome, SubprocessCompiler

ORACLE_HOOK = "stream_fuzz.oracles.worker_hooks"


@dataclass
class Verdict:
    result: CompileResult
    violations: list[dict] = field(default_factory=list)  # `oracles.Violation.to_json()` dicts
    unknown: dict[str, int] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        return self.result.outcome is Outcome.OK and not self.violations

    def to_json(self) -> dict:
        return {
            "outcome": self.result.outcome.value,
            "compiler": {"version": self.result.compiler.version, "path": self.result.compiler.path},
            "pipeline": self.result.pipeline,
            "elapsed_s": self.result.elapsed_s,
            "diagnostics": [str(d) for d in self.result.diagnostics],
            "violations": self.violations,
            "unknown": self.unknown,
        }


class Judge:
    def __init__(
        self, iree_opt: str | None = None, timeout: float = 60.0, post_hook: str | None = None
    ) -> None:
        """`post_hook` (`module:function`) changes the pinned compiler's output before the oracle sees it:
        fault injection for quality tests. It does not apply to an external compiler."""
        self.external = SubprocessCompiler(iree_opt, timeout=timeout) if iree_opt else None
        # Compiles (pinned compiler) or only reads and checks (external compiler's output).
        self.worker = InProcessCompiler(timeout=timeout, post_hook=post_hook, analyze_hook=ORACLE_HOOK)

    @property
    def compiler_info(self) -> CompilerInfo:
        return (self.external or self.worker).info

    def close(self) -> None:
        self.worker.close()
        if self.external:
            self.external.close()

    def __enter__(self) -> Judge:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def judge(self, text: str, pipeline: str) -> Verdict:
        """Compile `text` with `pipeline`, then check the output."""
        if self.external is None:
            return _verdict(self.worker.compile(text, pipeline))
        result = self.external.compile(text, pipeline)
        if result.outcome is not Outcome.OK:
            return Verdict(result)
        read = self.worker.compile(result.output or "", "", input_text=text)
        if read.outcome is not Outcome.OK:
            # The external compiler printed IR we cannot read back: a finding about that compiler.
            result.outcome, result.diagnostics = Outcome.BAD_OUTPUT, read.diagnostics
            result.stderr_tail = (result.stderr_tail + "\n" + read.stderr_tail).strip()
            return Verdict(result)
        result.extras = read.extras
        return _verdict(result)

    def check_output(self, text: str, program: str | None = None) -> Verdict:
        """Check already-compiled IR (no pipeline runs), optionally knowing the `program` it came from.
        A DIAGNOSTIC outcome means it did not parse."""
        return _verdict(self.worker.compile(text, "", input_text=program))


def _verdict(result: CompileResult) -> Verdict:
    report = result.extras.get("oracle", {})
    return Verdict(result, report.get("violations", []), report.get("unknown", {}))
