"""Find the first pass of a pipeline after which the oracle fails, and a one-line reproducer for it.

    plan = expand_pipeline(resolve_pipeline("stream"), program_text)   # runnable one-pass pipelines
    with Judge() as judge:                                             # one worker for all steps
        steps = OracleSteps(judge, program_text)
        report = bisect(program_text, plan, steps, check_input=steps.check)
    report.failing, report.rules, report.reproducer("before.mlir")

The package, by concern: `fixed_point` (the iterator's protocol) and `search` (running the steps and
judging each output). The plan it runs is the compiler driver's, because the driver's staging needs it too
(and must not import the judge): `compiler.pass_plan` (steps and fixed-point loops), `compiler.pipeline_text`
(taking textual pipelines apart), `compiler.expand` (asking the compiler what a pipeline runs); they are
re-exported here. See docs/bisect.md.
"""

from stream_fuzz.compiler.expand import PROBE, expand_pipeline
from stream_fuzz.compiler.pass_plan import (
    ADAPTOR,
    FIXED_POINT,
    MODULE,
    BisectError,
    FixedPoint,
    Plan,
    Step,
    count_steps,
)
from stream_fuzz.compiler.pipeline_text import is_nest, pass_name, split_top_level, unwrap

from .fixed_point import ITERATION_ATTR, MODIFIED_ATTR, has_module_attr, module_attrs, set_module_attrs
from .search import LOWERED_ONLY_RULES, BisectReport, OracleSteps, RunStep, bisect

__all__ = [
    "ADAPTOR",
    "FIXED_POINT",
    "ITERATION_ATTR",
    "LOWERED_ONLY_RULES",
    "MODIFIED_ATTR",
    "MODULE",
    "PROBE",
    "BisectError",
    "BisectReport",
    "FixedPoint",
    "OracleSteps",
    "Plan",
    "RunStep",
    "Step",
    "bisect",
    "count_steps",
    "expand_pipeline",
    "has_module_attr",
    "is_nest",
    "module_attrs",
    "pass_name",
    "set_module_attrs",
    "split_top_level",
    "unwrap",
]
