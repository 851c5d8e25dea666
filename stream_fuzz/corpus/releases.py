"""Which releases have each corpus entry's bug, computed, never written by hand.

Each compiler given (an `iree-opt` of a release, with the `iree-compile` and, for entries that run a program,
the `iree-run-module` of the same release beside it) runs the entries' own RUN lines under lit, with every
entry expected to fail. The corpus's lit format (stream_fuzz/corpus/litformat.py) already tells the bug from
everything else, so its verdict is the classification:

    XFAIL                            -> has the bug (the entry fails with the bug's own sign)
    PASS / XPASS                     -> correct
    UNRESOLVED "cannot express here" -> the release cannot express the witness (it does not parse, or a RUN
                                        line asks for a pass or option the release lacks)
    UNSUPPORTED                      -> not run (the entry runs a program and no runtime was found)
    anything else                    -> another failure (the compiler rejects the program before it runs, a
                                        tool missing, a runtime refusing the module, a failure with
                                        no sign of the bug): never counted as the bug

`stream-fuzz releases --write` puts the result into each entry's `// releases:` line, which the findings
table and the drafts quote.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from stream_fuzz.compiler.subprocess_backend import probe_version
from stream_fuzz.corpus.entry import SPLIT, write_atomically, write_header_line

LIT_TIMEOUT_S = 1800  # one release, the whole corpus: minutes on 2 cores; a hung lit is a broken setup


class Outcome(Enum):
    HAS_BUG = "has the bug"
    CORRECT = "correct"
    CANNOT_EXPRESS = "cannot express"
    NOT_RUN = "not run"
    BROKEN = "another failure"


@dataclass(frozen=True)
class Release:
    label: str  # "3.13", or the binary's path when the release cannot be read
    iree_opt: Path
    version: str = ""  # what the compiler says it is ("3.13.0rc20261016 @ 89ece87b...")

    @property
    def order(self) -> tuple[int, ...]:
        numbers = re.findall(r"\d+", self.label)
        return tuple(int(n) for n in numbers) if re.fullmatch(r"\d+(\.\d+)*", self.label) else (1 << 30,)


@dataclass(frozen=True)
class Result:
    outcome: Outcome
    why: str  # lit's code and, for anything but the bug or a pass, the first line of its reason


class ReleasesError(RuntimeError):
    """A compiler that cannot be run, or lit that cannot: a setup problem, named."""


def release_of(iree_opt: Path) -> Release:
    if not (iree_opt.is_file() and os.access(iree_opt, os.X_OK)):
        raise ReleasesError(f"no executable iree-opt at {iree_opt}")
    version = probe_version(iree_opt)
    found = re.match(r"(\d+)\.(\d+)", version)
    label = f"{found[1]}.{found[2]}" if found else str(iree_opt)
    return Release(label, iree_opt.absolute(), version)


def classify(code: str, output: str) -> Result:
    reason = next(
        (line for line in output.splitlines() if line.startswith(("stream-fuzz corpus:", "cannot express"))),
        "",
    )
    if code == "XFAIL":
        return Result(Outcome.HAS_BUG, code)
    if code in ("PASS", "XPASS"):
        return Result(Outcome.CORRECT, code)
    if code == "UNSUPPORTED":
        return Result(Outcome.NOT_RUN, "no iree-run-module for this release")
    if code == "UNRESOLVED" and "cannot express here" in reason:
        return Result(Outcome.CANNOT_EXPRESS, reason.removeprefix("stream-fuzz corpus: "))
    return Result(Outcome.BROKEN, f"{code}: {reason or 'see lit'}")


def suite_root(entry: Path) -> Path:
    """The corpus folder an entry belongs to: the nearest folder above it with a lit.cfg.py."""
    for folder in entry.resolve().parents:
        if (folder / "lit.cfg.py").is_file():
            return folder
    raise ReleasesError(f"{entry} is in no corpus (no lit.cfg.py above it)")


def witness_texts(entry: Path) -> list[str]:
    """The entry as lit tests, one per witness where each witness carries its own CHECK lines (an older
    release may parse some witnesses and not others); else the whole entry as it is."""
    text = entry.read_text()
    chunks = re.split(rf"^{re.escape(SPLIT)}\s*$", text, flags=re.M)
    if len(chunks) < 2 or not all(re.search(r"^// CHECK", chunk, re.M) for chunk in chunks):
        return [text]
    lines = chunks[0].splitlines(keepends=True)
    prefix = "".join(lines[: next((i for i, line in enumerate(lines) if not line.startswith("//")), 0)])
    return [chunks[0]] + [prefix + chunk for chunk in chunks[1:]]


def merge(results: Sequence[Result]) -> Result:
    """An entry's verdict from its witnesses': the release has the bug when any witness shows it, is correct
    when every witness it can express is, and cannot express the entry when it reads none of them."""
    for outcome in (
        Outcome.HAS_BUG,
        Outcome.BROKEN,
        Outcome.CORRECT,
        Outcome.NOT_RUN,
        Outcome.CANNOT_EXPRESS,
    ):
        hits = [index for index, result in enumerate(results) if result.outcome is outcome]
        if hits:
            first = results[hits[0]]
            if len(results) == 1:
                return first
            return Result(outcome, f"witness {', '.join(str(i + 1) for i in hits)}: {first.why}")
    raise ValueError("an entry without witnesses")


def run_release(release: Release, entries: Sequence[Path]) -> dict[Path, Result]:
    """Every entry under lit on one release, each expected to fail (`-D expect=bug`), witness by witness
    (`witness_texts`) in a scratch copy of its corpus."""
    with tempfile.TemporaryDirectory(prefix="stream-fuzz-releases-") as scratch_dir:
        scratch = Path(scratch_dir)
        suites: dict[Path, Path] = {}
        tests: dict[Path, list[str]] = {}
        for number, entry in enumerate(entries):
            root = suite_root(entry)
            if root not in suites:
                suites[root] = scratch / f"corpus{len(suites)}"
                suites[root].mkdir()
                shutil.copy(root / "lit.cfg.py", suites[root] / "lit.cfg.py")
            names = []
            for index, text in enumerate(witness_texts(entry)):
                name = f"{number:03d}-{index}-{entry.name}"
                (suites[root] / name).write_text(text)
                names.append(name)  # unique across the scratch suites, as lit names it
            tests[entry] = names
        report = scratch / "lit.json"
        command = [
            sys.executable,
            "-c",
            "import lit.main; lit.main.main()",
            *(str(suite) for suite in suites.values()),
            "-q",
            "-D", f"iree_opt={release.iree_opt}",
            "-D", "expect=bug",
            "-D", f"exec_root={scratch / 'exec'}",
            "-o", str(report),
        ]  # fmt: skip
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=LIT_TIMEOUT_S)
        except subprocess.TimeoutExpired as error:
            raise ReleasesError(f"lit did not finish in {LIT_TIMEOUT_S} s on {release.iree_opt}") from error
        if not report.is_file():
            raise ReleasesError(
                f"lit could not run the corpus on {release.iree_opt}: {done.stderr.strip()[-800:]}"
            )
        ran = json.loads(report.read_text())["tests"]
    by_name = {test["name"].split(" :: ", 1)[1]: test for test in ran}
    return {
        entry: merge(
            [
                classify(by_name[name]["code"], by_name[name].get("output", ""))
                if name in by_name
                else Result(Outcome.BROKEN, "lit skipped it")
                for name in names
            ]
        )
        for entry, names in tests.items()
    }


def ranges(releases: Sequence[Release], outcomes: Sequence[Outcome]) -> str:
    """`has the bug 3.8-3.13; correct 3.4-3.7; cannot express 3.1-3.3`: runs of neighbouring releases (among
    those tried) with one outcome, grouped by outcome, the bug first."""
    runs: dict[Outcome, list[str]] = {}
    start = 0
    for index in range(1, len(releases) + 1):
        if index == len(releases) or outcomes[index] != outcomes[start]:
            first, last = releases[start].label, releases[index - 1].label
            runs.setdefault(outcomes[start], []).append(first if first == last else f"{first}-{last}")
            start = index
    return "; ".join(f"{outcome.value} {', '.join(runs[outcome])}" for outcome in Outcome if outcome in runs)


def releases_line(releases: Sequence[Release], outcomes: Sequence[Outcome]) -> str:
    tried = f"{releases[0].label}-{releases[-1].label}" if len(releases) > 1 else releases[0].label
    return f"// releases: {ranges(releases, outcomes)} (computed by stream-fuzz releases on {tried})"


def write_releases_line(entry: Path, line: str) -> None:
    """Replace the entry's `// releases:` line (and the lines that continue it), or add one after the header's
    `// pass:` / `// shrunk:` line."""
    write_header_line(entry, "releases", line)


def corpus_entries(corpus: Path) -> list[Path]:
    return sorted(corpus.glob("*.mlir")) + sorted((corpus / "one-pass").glob("*.mlir"))


# Bumped when litformat tells the bug from other failures differently: every cached verdict is then stale.
# 2: `failure:` signs, and older releases' "within split at" diagnostics read as rejections.
VERDICT_FORMAT = 2


class VerdictCache:
    """Each entry's verdict per compiler release, on disk: an entry runs once per release, ever, until what
    lit runs of it changes (its program, RUN, CHECK and REQUIRES lines, its kind, the failure it names; not
    its prose)."""

    def __init__(self, path: Path | None = None) -> None:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        self.path = path or Path(base) / "stream-fuzz" / "witness-verdicts.json"

    @staticmethod
    def key(release: Release, entry: Path) -> str:
        ran = [
            line
            for line in entry.read_text().splitlines()
            if not line.startswith("//")
            or line.startswith(("// RUN:", "// CHECK", "// REQUIRES:", "// stream-fuzz", "// failure:"))
        ]
        split = "|by-witness" if len(witness_texts(entry)) > 1 else ""  # a verdict of another kind
        # Since a run's verdict ignores a compiler failure before the run (litformat.not_the_bug).
        runs = "|run-v2" if any("RUN:" in line and "iree-run-module" in line for line in ran) else ""
        digest = hashlib.sha256(chr(10).join(ran).encode()).hexdigest()[:16]
        return f"{release.version}|{digest}{split}{runs}|format-{VERDICT_FORMAT}"

    def read(self) -> dict[str, Result]:
        try:
            data = json.loads(self.path.read_text()) if self.path.is_file() else {}
        except (OSError, ValueError):
            return {}  # a damaged cache is recomputed, never trusted
        outcomes = {item.value: item for item in Outcome}
        if not isinstance(data, dict):
            return {}
        return {
            key: Result(outcomes[value[0]], value[1])
            for key, value in data.items()
            if isinstance(value, list) and len(value) == 2 and value[0] in outcomes
        }

    def results(self, release: Release, entries: Sequence[Path]) -> dict[Path, Result]:
        """The entries' verdicts on `release`: from the cache, the others run now (and kept)."""
        known = self.read()
        missing = [entry for entry in entries if self.key(release, entry) not in known]
        if missing:
            fresh = run_release(release, missing)
            known = self.read()  # another process may have written meanwhile
            known.update({self.key(release, entry): result for entry, result in fresh.items()})
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                data = {key: [r.outcome.value, r.why] for key, r in sorted(known.items())}
                write_atomically(self.path, json.dumps(data, indent=1) + "\n")
            except OSError:
                pass  # a cache that cannot be written costs time, not correctness
        return {entry: known[self.key(release, entry)] for entry in entries}


def compute(
    iree_opts: Iterable[Path], entries: Sequence[Path], cache: VerdictCache | None = None
) -> tuple[list[Release], dict[Path, list[Result]]]:
    """Each entry's result on each release, releases in version order."""
    cache = cache or VerdictCache()
    releases = sorted((release_of(path) for path in iree_opts), key=lambda release: release.order)
    table: dict[Path, list[Result]] = {entry: [] for entry in entries}
    for release in releases:
        print(f"releases: {len(entries)} entries on {release.label} ...", file=sys.stderr, flush=True)
        for entry, result in cache.results(release, entries).items():
            table[entry].append(result)
    return releases, table
