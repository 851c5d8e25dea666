"""The package as users install it: a wheel built from this checkout holds one import package,
`stream_fuzz` (with `stream_fuzz.generators` and `stream_fuzz.oracles` mapped from the top-level folders),
and installed into a fresh virtual environment, not editable, its `stream-fuzz` command works."""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from stream_fuzz.cli.parser import build_parser

ROOT = Path(__file__).resolve().parent.parent
_NOT_SOURCE = (".git", ".venv", "build", "*.egg-info", "__pycache__", ".hypothesis", ".*_cache", "out")


def _build_wheel(folder: Path) -> Path:
    """A wheel built from a clean copy of the checkout: a `build/` folder left by an earlier build would
    put stale packages into the wheel and hide one that the package list leaves out."""
    source = folder / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*_NOT_SOURCE))
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(folder), str(source)],
        check=True, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    [wheel] = folder.glob("*.whl")
    return wheel


def _source_packages() -> set[str]:
    """The dotted name of every package in the source tree, as it installs."""
    found = set()
    for folder, package in (("stream_fuzz", "stream_fuzz"), ("generators", "stream_fuzz.generators"),
                            ("oracles", "stream_fuzz.oracles")):  # fmt: skip
        for init in (ROOT / folder).rglob("__init__.py"):
            found.add(".".join((package, *init.parent.relative_to(ROOT / folder).parts)))
    return found


def _commands() -> list[list[str]]:
    """Every command and subcommand of the CLI, as argument lists (`["corpus", "pull"]`)."""

    def walk(parser: argparse.ArgumentParser, prefix: list[str]) -> list[list[str]]:
        found = [prefix]
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found += walk(sub, [*prefix, name])
        return found

    return walk(build_parser(), [])


@pytest.mark.slow
def test_the_wheel_holds_every_package_and_nothing_else(tmp_path: Path) -> None:
    wheel = zipfile.ZipFile(_build_wheel(tmp_path))
    names = wheel.namelist()
    tops = {name.split("/", 1)[0] for name in names if not name.split("/", 1)[0].endswith(".dist-info")}
    assert tops == {"stream_fuzz"}
    # Every package of the source tree is in the wheel: none is left out by a hand-kept list.
    packages = {
        name.removesuffix("/__init__.py").replace("/", ".") for name in names if name.endswith("/__init__.py")
    }
    assert _source_packages() <= packages, _source_packages() - packages
    for needed in ("py.typed", "known_good/l1.mlir", "known_good/l2.mlir"):
        assert f"stream_fuzz/{needed}" in names
    # pytest is for the tests, not a dependency of the tool.
    metadata = next(name for name in names if name.endswith(".dist-info/METADATA"))
    requires = [line for line in wheel.read(metadata).decode().splitlines()
                if line.startswith("Requires-Dist:") and "extra ==" not in line]  # fmt: skip
    assert not any("pytest" in line for line in requires), requires


@pytest.mark.slow
def test_the_installed_wheel_runs_every_command(tmp_path: Path) -> None:
    """Not editable: a fresh venv with the wheel and its dependencies (pip's cache makes it ~1 min)."""
    wheel = _build_wheel(tmp_path / "dist")
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python, tool = env_dir / "bin" / "python", env_dir / "bin" / "stream-fuzz"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", str(wheel)],
        check=True, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    where = subprocess.run([str(python), "-c", "import stream_fuzz; print(stream_fuzz.__file__)"],
                           capture_output=True, text=True, cwd=tmp_path, check=True)  # fmt: skip
    assert str(env_dir) in where.stdout, f"not the installed copy: {where.stdout}"

    def stream_fuzz(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        command = [str(tool), *args]
        return subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, timeout=timeout)

    version = stream_fuzz("--version")
    assert version.returncode == 0 and "stream-fuzz 0." in version.stdout, version.stderr
    for command in _commands():
        shown = stream_fuzz(*command, "--help")
        assert shown.returncode == 0 and "usage: stream-fuzz" in shown.stdout, (command, shown.stderr[-2000:])
    # A real check of a known-good program, and a short campaign, on the installed package.
    known_good = ROOT / "stream_fuzz" / "known_good" / "l1.mlir"
    checked = stream_fuzz("check", str(known_good))
    assert checked.returncode == 0 and "0 violation(s)" in checked.stdout, checked.stdout + checked.stderr
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    ran = stream_fuzz(
        "run", "--budget", "10", "--level", "l1", "--workers", "1", "--corpus", str(corpus),
        "--json", str(tmp_path / "run.json"), timeout=300,
    )  # fmt: skip
    assert ran.returncode in (0, 1), ran.stdout[-3000:] + ran.stderr[-3000:]
    assert (tmp_path / "run.json").is_file()
