"""The option-equivalence oracle's plain parts, without compiling: an entry's RUN lines carry a case's
options and read back, a variant is offered only when `iree-compile --help-hidden` lists its option (and
value), and the pinned compiler's help is read that way."""

from __future__ import annotations

import numpy as np
from stream_fuzz.generators.frontend import TensorType

from stream_fuzz.compiler.frontend_tools import compiler_options, needs_run_binary
from stream_fuzz.compiler.subprocess_backend import native_iree_compile
from stream_fuzz.judge.l3 import Case, case_from_entry, run_lines
from stream_fuzz.judge.options import VARIANTS, Variant, known_good_case, offered

FLAGS = ("--iree-stream-partitioning-favor=debug", "--iree-opt-const-eval=false")


def entry_of(case: Case) -> str:
    return "\n".join(["// status: open", *run_lines(case), "", case.text])


def test_options_go_into_the_compile_line_and_read_back() -> None:
    case = Case(
        "func.func @main() {}\n", 2, (), (), (np.ones(2, np.float32),), (TensorType((2,), "f32"),), FLAGS
    )
    lines = run_lines(case)
    assert lines[1] == f"// RUN: iree-compile %s {' '.join(FLAGS)} -o %t.vmfb"
    assert case_from_entry(entry_of(case)).flags == FLAGS
    plain = case_from_entry(entry_of(known_good_case()))
    assert plain.flags == () and plain.devices == 2
    assert run_lines(known_good_case())[1] == "// RUN: iree-compile %s -o %t.vmfb"
    # A hand-written entry's phase option is where its program starts, not an option variant.
    from_flow = entry_of(case).replace("iree-compile %s", "iree-compile --compile-from=flow %s")
    assert case_from_entry(from_flow).flags == FLAGS


def test_a_literal_the_replayer_cannot_read_is_named() -> None:
    # A scalar input (a hand-written entry's i1 condition) once raised KeyError('1') out of replay.
    text = entry_of(known_good_case())
    scalar = text.replace("--function=main", "--function=main --input=1", 1)
    assert scalar != text
    for bad, named in ((scalar, "'1'"), (text.replace("xf32=", "xf64=", 1), "xf64=")):
        try:
            case_from_entry(bad)
        except ValueError as error:
            assert named in str(error) and "4xf32=1,2,3,4" in str(error), error
        else:
            raise AssertionError("read an unreadable literal")


def test_a_variant_is_offered_only_with_its_option_and_value() -> None:
    options = {"--iree-stream-partitioning-favor": frozenset({"debug"}), "--iree-opt-level": frozenset()}
    favor = Variant("d", ("--iree-stream-partitioning-favor=debug",))
    assert offered(favor, options) == ""
    assert offered(Variant("o", ("--iree-opt-level=O0",)), options) == ""  # values not listed: any
    assert offered(Variant("m", ("--iree-stream-partitioning-favor=min-peak-memory",)), options) == (
        "this iree-compile's --iree-stream-partitioning-favor has no value min-peak-memory"
    )
    assert offered(Variant("c", ("--iree-opt-const-eval=false",)), options) == (
        "this iree-compile has no --iree-opt-const-eval"
    )
    assert offered(Variant("one", one_device=True), {}) == ""


def test_the_pinned_compiler_offers_every_variant() -> None:
    options = compiler_options(native_iree_compile())
    assert options["--iree-stream-partitioning-favor"] == {"debug", "min-peak-memory", "max-concurrency"}
    assert {v.name: offered(v, options) for v in VARIANTS} == {v.name: "" for v in VARIANTS}
    assert needs_run_binary(("--iree-execution-model=async-external",))
    assert not needs_run_binary(FLAGS)
