"""The quality tier: campaigns against an injected fault, minutes each. Every test in this folder is slow
(`pytest -m "not slow"` leaves them out), marked here so that a new one cannot forget it."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Called with the whole session's items, not only this folder's.
    for item in items:
        if Path(item.path).resolve().is_relative_to(HERE):
            item.add_marker(pytest.mark.slow)
