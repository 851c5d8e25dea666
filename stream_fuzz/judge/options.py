"""L3's option-equivalence oracle: options that must not change what a program computes.

    oracle = OptionOracle.for_compiler(frontend_compiler)   # the variants this compiler can take
    found = oracle.check(frontend_compiler, case, program)  # after the default compile was right
    if found: verdict, variant_case = found                 # a normal L3 finding, with its entry's case

A program whose default compile gives NumPy's results is compiled again under a variant: a partitioning
favour, const-eval off, memoization off, the async-external (coarse-fences) ABI, -O0, the discrete memory
model, or every device collapsed onto one (`on_one_device`). Each variant is checked against NumPy's
results, computed apart from IREE (both compiles could be wrong the same way; comparing them with each
other would miss that and flag float noise). A variant that fails to compile or run, or computes another
result, is a finding whose signature names its options (`l3.finding_of`), and whose entry's RUN lines
compile with them. Collapsed onto one device, the program is simply another program: its finding is an
ordinary L3 one.

A variant the compiler does not offer (no such option in `iree-compile --help-hidden`, or not that value)
or that fails on L3's known-good program is skipped with a note (`skipped`), never a finding: an old
release without `--iree-opt-level`, or a runtime that cannot run the coarse-fences ABI, is a setup.

Cost: each variant checked is another two compiles and a run. By default one variant per program, in turn
(`every=False`); a variant that found something is then checked on every program, so that shrinking its
finding (Hypothesis re-judging smaller programs) meets it again.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.compiler.frontend_tools import compiler_options
from stream_fuzz.compiler.subprocess_backend import CompilerNotFound, native_iree_compile
from stream_fuzz.generators.frontend import FrontendProgram, TensorType, on_one_device, print_frontend
from stream_fuzz.judge.l3 import Case, L3Verdict, judge_case

KNOWN_GOOD = Path(__file__).parent.parent / "known_good" / "l3.mlir"


@dataclass(frozen=True)
class Variant:
    """A way to compile a program that must compute what the default compile computes."""

    name: str
    flags: tuple[str, ...] = ()  # `iree-compile` options
    one_device: bool = False  # every device collapsed onto the first (the program rewritten, no option)


VARIANTS = (
    Variant("favor-debug", ("--iree-stream-partitioning-favor=debug",)),
    Variant("favor-min-peak-memory", ("--iree-stream-partitioning-favor=min-peak-memory",)),
    Variant("no-const-eval", ("--iree-opt-const-eval=false",)),
    Variant("no-memoization", ("--iree-hal-memoization=false",)),
    Variant("async-external", ("--iree-execution-model=async-external",)),
    Variant("O0", ("--iree-opt-level=O0",)),
    Variant("discrete-memory", ("--iree-stream-resource-memory-model=discrete",)),
    Variant("one-device", one_device=True),
)


@dataclass(frozen=True)
class Skipped:
    variant: Variant
    reason: str

    def __str__(self) -> str:
        return f"{self.variant.name}: {self.reason}"


def variant_case(case: Case, program: FrontendProgram, variant: Variant) -> Case:
    """`case` as `variant` compiles it: same inputs and NumPy results."""
    if variant.one_device:
        collapsed = on_one_device(program)
        return replace(case, text=print_frontend(collapsed), devices=collapsed.devices, flags=variant.flags)
    return replace(case, flags=variant.flags)


def known_good_case() -> Case:
    """L3's known-good program (`known_good/l3.mlir`) with its input and result."""
    vector = TensorType((4,), "f32")
    inputs = (np.array([1, 2, 3, 4], np.float32),)
    expected = (np.array([4, 8, 12, 16], np.float32),)
    return Case(KNOWN_GOOD.read_text(), 2, inputs, (vector,), expected, (vector,))


def offered(variant: Variant, options: dict[str, frozenset[str]]) -> str:
    """Why `iree-compile` (its `options`) cannot take `variant`, or "" when it can."""
    for flag in variant.flags:
        name, _, value = flag.partition("=")
        if name not in options:
            return f"this iree-compile has no {name}"
        if value and options[name] and value not in options[name]:
            return f"this iree-compile's {name} has no value {value}"
    return ""


@dataclass
class OptionOracle:
    variants: tuple[Variant, ...]
    skipped: tuple[Skipped, ...] = ()
    every: bool = False  # check every variant on every program, not one in turn
    seconds: float = 0.0  # spent compiling and running variants
    checked: int = 0  # variant compiles judged
    _turn: int = 0
    _sticky: list[Variant] = field(default_factory=list)  # variants that found something

    @classmethod
    def for_compiler(
        cls, compiler: FrontendCompiler, variants: tuple[Variant, ...] = VARIANTS, every: bool = False
    ) -> OptionOracle:
        """The variants `compiler` offers and runs right on the known-good program; the rest skipped."""
        try:
            binary = compiler.iree_compile or str(native_iree_compile())
            options = compiler_options(binary)
        except (CompilerNotFound, OSError) as error:
            return cls(
                (), tuple(Skipped(v, f"cannot list iree-compile's options: {error}") for v in variants)
            )
        usable: list[Variant] = []
        skipped: list[Skipped] = []
        good = known_good_case()
        for variant in variants:
            reason = offered(variant, options)
            if not reason and not variant.one_device:
                finding = judge_case(compiler, replace(good, flags=variant.flags)).finding
                if finding is not None:
                    said = finding.details[1] if len(finding.details) > 1 else finding.title
                    reason = f"fails on the known-good program ({finding.kind}: {said[:200]})"
            if reason:
                skipped.append(Skipped(variant, reason))
            else:
                usable.append(variant)
        return cls(tuple(usable), tuple(skipped), every)

    def check(
        self, compiler: FrontendCompiler, case: Case, program: FrontendProgram
    ) -> tuple[L3Verdict, Case] | None:
        """Judge `case` (whose default compile was right) under this program's variants: the first
        finding, with the case that shows it, or None when each computes NumPy's results."""
        started = time.perf_counter()
        try:
            for variant in self._this_turn():
                changed = variant_case(case, program, variant)
                verdict = judge_case(compiler, changed)
                self.checked += 1
                if verdict.finding is not None:
                    if variant not in self._sticky:
                        self._sticky.append(variant)
                    return verdict, changed
            return None
        finally:
            self.seconds += time.perf_counter() - started

    def _this_turn(self) -> list[Variant]:
        if self.every or not self.variants:
            return list(self.variants)
        chosen = self.variants[self._turn % len(self.variants)]
        self._turn += 1
        return [*self._sticky, *([chosen] if chosen not in self._sticky else [])]


__all__ = ["VARIANTS", "OptionOracle", "Skipped", "Variant", "known_good_case", "offered", "variant_case"]
