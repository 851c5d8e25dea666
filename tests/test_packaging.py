"""One import package: a wheel built from this checkout installs `stream_fuzz` (with `stream_fuzz.generators`
and `stream_fuzz.oracles` mapped from the top-level folders) and nothing else at the top level."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_wheel_holds_one_import_package(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path),
         str(ROOT)],
        check=True, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    [wheel] = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/", 1)[0] for name in names if not name.split("/", 1)[0].endswith(".dist-info")}
    assert tops == {"stream_fuzz"}
    for needed in (
        "generators/__init__.py",
        "oracles/rules.py",
        "py.typed",
        "known_good/l1.mlir",
        "bisect/search.py",
    ):
        assert f"stream_fuzz/{needed}" in names
    # pytest is for the tests, not a dependency of the tool.
    metadata = next(name for name in names if name.endswith(".dist-info/METADATA"))
    requires = [line for line in zipfile.ZipFile(wheel).read(metadata).decode().splitlines()
                if line.startswith("Requires-Dist:") and "extra ==" not in line]  # fmt: skip
    assert not any("pytest" in line for line in requires), requires
