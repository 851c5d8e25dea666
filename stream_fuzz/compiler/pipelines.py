"""Named pass pipelines. A name maps to the textual pipeline run on the whole module."""

from __future__ import annotations

PIPELINES: dict[str, str] = {
    # Only async -> cmd conversion: where allocas, copies and flushes are decided (the seed bug's pass).
    "allocation": "iree-stream-schedule-allocation",
    # The whole stream phase: partitioning into execute regions and waves, allocation, optimizations.
    "stream": "iree-stream-transformation-pipeline",
}


# The stream pipeline as the registered stages IREE builds it from (buildStreamTransformPassPipeline in
# Dialect/Stream/Transforms/Passes.cpp): the same passes in the same order, which a test checks against
# the pinned compiler's pipeline dump. The async stage is the one run step by step (`staging.py`).
STREAM_STAGES: tuple[str, str, str] = (
    "builtin.module(iree-util-verify-initialization-order,iree-stream-tensor-transformation-pipeline)",
    "builtin.module(iree-stream-async-transformation-pipeline)",
    "builtin.module(iree-stream-cmd-transformation-pipeline,iree-stream-optimization-pipeline,"
    "iree-stream-cleanup-pipeline,symbol-dce)",
)


class UnknownPipeline(ValueError):
    pass


def resolve_pipeline(name: str | None = None, custom: str | None = None) -> str:
    """Return a full `builtin.module(...)` pipeline string from a name or a custom pipeline.

    A custom pipeline may be given with or without the `builtin.module(...)` wrapper.
    """
    if custom is not None:
        custom = custom.strip()
        if not custom:
            raise UnknownPipeline("empty --pass-pipeline")
        return custom if custom.startswith("builtin.module(") else f"builtin.module({custom})"
    name = name or "allocation"
    if name not in PIPELINES:
        known = ", ".join(sorted(PIPELINES))
        raise UnknownPipeline(f"unknown pipeline {name!r} (known: {known}; or use --pass-pipeline)")
    return f"builtin.module({PIPELINES[name]})"
