import pytest

from stream_fuzz.compiler.frontend import runtime_available

# Tests that run a compiled module need the runtime of the pinned compiler's release.
needs_runtime = pytest.mark.skipif(
    not runtime_available(), reason="iree-base-runtime is not installed (the runtime extra)"
)
