"""A real headless Chromium for the report's tests (Debian's `chromium`). Without it they are skipped,
saying why; CI (`.ci/run`) installs it and sets STREAM_FUZZ_REQUIRE_CHROMIUM=1, which makes that a failure."""

from __future__ import annotations

import os

import pytest

from stream_fuzz.dashboard.browser import NoBrowser, find_chromium


@pytest.fixture
def chromium() -> str:
    pytest.importorskip("matplotlib", reason="the report extra is not installed: pip install -e '.[report]'")
    try:
        return find_chromium()
    except NoBrowser as error:
        if os.environ.get("STREAM_FUZZ_REQUIRE_CHROMIUM"):
            pytest.fail(str(error))
        pytest.skip(str(error))
