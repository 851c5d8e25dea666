"""Shared fixtures: the pinned compiler worker is expensive to start, so tests share one per session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from stream_fuzz.compiler import InProcessCompiler
from stream_fuzz.judge.verdict import Judge

# The suite's Hypothesis settings, in one place. `stream-fuzz-tests` is loaded for every test, so a test
# states only its own budget (`@settings(max_examples=60)`, `derandomize=True` where a random draw meeting an
# unfiled compiler bug must not fail CI). The property tests read STREAM_FUZZ_PROFILE: `stream-fuzz-ci`
# (deterministic and bounded) or `stream-fuzz-dev` (draws more). Hypothesis's built-in `ci` stays as it is.
settings.register_profile(
    "stream-fuzz-tests",
    deadline=None,  # compile-bound examples: a slow compile is the compiler's business
    # Draws are big (programs of ~25 ops), filtered by design and compile-bound: none of these is a defect.
    suppress_health_check=list(HealthCheck),
    print_blob=True,  # a failure prints @reproduce_failure(...) to replay it exactly
    database=None,  # the corpus keeps what was found, not a local example database
)
settings.load_profile("stream-fuzz-tests")
settings.register_profile("stream-fuzz-ci", settings(), max_examples=40, derandomize=True)
settings.register_profile("stream-fuzz-dev", settings(), max_examples=200)

ROOT = Path(__file__).resolve().parent.parent


def _import_every_module() -> None:
    """Hypothesis mixes constants of the project's modules imported so far into its draws: without this, a
    test's draws (and how far a quality test shrinks) depended on which tests ran before it in its process,
    which under pytest-xdist changes from run to run. Every module imported first, they never do."""
    import importlib
    import pkgutil

    import stream_fuzz.generators
    import stream_fuzz.oracles

    import stream_fuzz

    for package in (stream_fuzz, stream_fuzz.generators, stream_fuzz.oracles):  # the last two mapped
        for module in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if not module.name.endswith("__main__"):
                importlib.import_module(module.name)


_import_every_module()


def _draw_without_local_constants() -> None:
    """Hypothesis also mixes the literal constants of every local module (this checkout's code and tests)
    into its draws, so a seeded test drew other programs whenever any constant anywhere changed: the
    shrink-quality tests (tests/quality, tests/generators/test_shrinking.py) then met other local minima
    after unrelated edits (three times in one week). Tests draw without them; campaigns keep them. The
    hook is Hypothesis's internal one: if it is gone, draws keep the constants and nothing else changes."""
    from hypothesis.internal.conjecture import providers

    if hasattr(providers, "_get_local_constants") and hasattr(providers, "Constants"):
        providers._get_local_constants = providers.Constants  # an empty set of constants


_draw_without_local_constants()
PROGRAMS = Path(__file__).resolve().parent / "programs"
CORPUS = ROOT / "corpus"


def corpus_witness(entry: str, index: int = 0) -> str:
    """The `index`-th witness program of a corpus entry (known compiler bugs make good test inputs)."""
    from stream_fuzz.corpus.entry import read_entry

    return read_entry(CORPUS / f"{entry}.mlir").programs[index]


@pytest.fixture(scope="session")
def compiler() -> Iterator[InProcessCompiler]:
    with InProcessCompiler(timeout=120) as worker:
        yield worker


@pytest.fixture(scope="module")
def faulty() -> Iterator[Judge]:
    """The real compiler wrapped in a fault injector that reproduces #19891 on its correct output."""
    with Judge(timeout=120, post_hook="tests.mutants:seed_bug") as judge:
        yield judge


@pytest.fixture(scope="module")
def real() -> Iterator[Judge]:
    """The pinned compiler, judged as it is."""
    with Judge(timeout=120) as judge:
        yield judge


@pytest.fixture(scope="session")
def native_iree_opt() -> Path:
    """The native iree-opt binary shipped inside the pinned wheel (not the slow console script)."""
    from stream_fuzz.compiler import native_iree_opt as find

    return find()
