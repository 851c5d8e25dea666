"""Quality test of L3's option-equivalence oracle: with an option variant injected that breaks what the
default compile gets right (`--iree-input-demote-f32-to-f16`: vmvx has no f16 arithmetic, and the ABI
changes to f16), the campaign finds the discrepancy on the real compiler, shrinks it, and writes an
entry whose RUN lines compile with that option and whose replay meets the same finding."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from stream_fuzz.campaign.tally import FindingRecord
from stream_fuzz.compiler.frontend import FrontendCompiler, runtime_available
from stream_fuzz.corpus.entry import read_entry
from stream_fuzz.judge.l3 import case_from_entry, judge_case
from stream_fuzz.judge.options import OptionOracle, Variant
from stream_fuzz.judge.verdict import Judge
from tests.quality.follow import FollowOneFault, OneBugCampaign
from tests.quality.test_l3_finds_and_shrinks import frontend_ops

PROJECT_CORPUS = Path(__file__).resolve().parents[2] / "corpus"
F16 = Variant("f16", ("--iree-input-demote-f32-to-f16",))
BUDGET, SEED, SIZE, MAX_OPS = 40, 1, 5, 2


def is_the_fault(record: FindingRecord) -> bool:
    return record.new and record.file is not None and F16.flags[0] in Path(record.file).read_text()


@pytest.mark.slow
@pytest.mark.skipif(not runtime_available(), reason="iree-base-runtime is not installed (the runtime extra)")
def test_an_option_dependent_fault_is_found_and_shrunk(tmp_path: Path) -> None:
    corpus = FollowOneFault(tmp_path / "found", PROJECT_CORPUS, lambda entry: F16.flags[0] in entry.text)
    with Judge(timeout=120) as judge:
        campaign = OneBugCampaign(judge, corpus, program_size=SIZE)
        campaign.options = OptionOracle((F16,))  # the injected variant, in place of the real ones
        stats = campaign.run_until_found("l3", BUDGET, SEED, is_the_fault)
    found = [f for f in stats.findings.values() if is_the_fault(f)]
    assert found, f"no option finding in {stats.total} programs: {sorted(stats.findings)}"
    assert stats.timing["l3_options_s"] > 0
    entry = read_entry(Path(found[0].file))
    ops = frontend_ops(entry.text)
    print(f"found after {found[0].first_at} programs, shrunk to {ops} ops ({entry.path.name}):\n{entry.text}")
    assert entry.shrunk and ops <= MAX_OPS, entry.text
    assert f"// RUN: iree-compile %s {F16.flags[0]} -o %t.vmfb" in entry.text.splitlines()
    case = case_from_entry(entry.text)
    assert case.flags == F16.flags
    with FrontendCompiler(120) as real:
        replayed = judge_case(real, case).finding
        assert replayed is not None and replayed.signature == entry.signatures[0]
        # Without the option, the same program computes NumPy's results: the option is what flips it.
        assert judge_case(real, replace(case, flags=())).finding is None
