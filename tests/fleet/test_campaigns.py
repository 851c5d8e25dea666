"""Campaigns sharing one real Redis: one report and one entry per new signature across machines, status
summing them, a killed machine's shrink taken over, and Redis killed mid-run losing nothing."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from stream_fuzz.cli.main import main
from stream_fuzz.dashboard.browser import drawn_series, load
from stream_fuzz.fleet.local import LocalRedis
from stream_fuzz.fleet.status import read_status
from tests.conftest import CORPUS, ROOT

pytestmark = pytest.mark.slow

# A fault with one cheap shape (every dealloca moved to another device), on L1 with one worker each: the
# machines meet the same new signatures within seconds. Each starts from the project's corpus, so the real
# compiler bugs it meets are known and only the fault's signatures are new.
FAULT = ["--level", "l1", "--workers", "1", "--inject-fault", "tests.mutants:dealloca_elsewhere"]


def campaign(tmp_path: Path, name: str, url: str, budget: float, *extra: str) -> subprocess.Popen[str]:
    folder = tmp_path / name
    shutil.copytree(CORPUS, folder / "corpus")
    command = [sys.executable, "-m", "stream_fuzz.cli", "run", "--db", url, "--budget", str(budget)]
    command += ["--corpus", str(folder / "corpus"), "--json", str(folder / "run.json"), *FAULT, *extra]
    return subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # killed as a group: the campaign, its worker and its compiler worker
    )


def finish(process: subprocess.Popen[str]) -> tuple[int, str]:
    _, stderr = process.communicate(timeout=300)
    return process.returncode, stderr


def report(tmp_path: Path, name: str) -> dict:
    return json.loads((tmp_path / name / "run.json").read_text())


def new_entries(tmp_path: Path, name: str) -> set[str]:
    known = {p.name for p in CORPUS.glob("*.mlir")}
    return {p.name for p in (tmp_path / name / "corpus").glob("*.mlir")} - known


def wait_until(predicate: Callable[[], bool], timeout_s: float) -> bool:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.5)
    return False


def test_two_machines_report_and_write_each_new_signature_once(
    redis_server: LocalRedis, tmp_path: Path
) -> None:
    machines = [campaign(tmp_path, name, redis_server.url, 30, "--no-shrink") for name in ("a", "b")]
    results = [finish(m) for m in machines]
    assert all(code in (0, 1) for code, _ in results), results
    a, b = report(tmp_path, "a"), report(tmp_path, "b")
    new_a = {f["signature"] for f in a["findings"] if f["new"]}
    new_b = {f["signature"] for f in b["findings"] if f["new"]}
    assert new_a | new_b and not new_a & new_b
    # Both met the fault's signatures: the one that did not report one says whose it is.
    met_by_both = {f["signature"] for f in a["findings"]} & {f["signature"] for f in b["findings"]}
    assert met_by_both & (new_a | new_b)
    for mine, theirs in ((a, new_b), (b, new_a)):
        for record in mine["findings"]:
            if record["signature"] in theirs:
                assert record["fleet"] and not record["file"]
    assert len(new_entries(tmp_path, "a")) == len(new_a) and len(new_entries(tmp_path, "b")) == len(new_b)
    status = read_status(redis_server.url)
    assert (status.machines_seen, len(status.workers)) == (2, 2)
    assert status.total("programs", "l1") == a["programs"]["l1"] + b["programs"]["l1"]
    hits = {s.signature: s.hits for s in status.signatures}
    for signature in new_a | new_b:
        found = [f["hits"] for f in a["findings"] + b["findings"] if f["signature"] == signature]
        assert hits[signature] == sum(found)
    # `status --html`: the same fleet as a page, its signatures drawn as the fleet first met them.
    if shutil.which("chromium") or os.environ.get("STREAM_FUZZ_REQUIRE_CHROMIUM"):
        page = tmp_path / "status.html"
        assert main(["status", "--db", redis_server.url, "--html", str(page)]) == 0
        loaded = load(page)
        assert loaded.console == () and loaded.fetches == ()
        series = drawn_series(loaded.dom)
        # The workers' timelines added up in Redis: the fleet's curves, as a campaign's report has them.
        assert {"series-new-signatures", "series-rate-l1", "series-input-labels"} <= set(series)
        assert len({y for path in series["series-new-signatures"] for _, y in path}) > 1
        assert len({y for path in series["series-rate-l1"] for _, y in path}) > 1
        samples = status.timeline["samples"]
        assert sum(c.get("programs:l1", 0) for _, c in samples) == a["programs"]["l1"] + b["programs"]["l1"]
        assert set(status.timeline["signatures"]) == {s.signature for s in status.signatures}
        assert all(s.signature in page.read_text() for s in status.signatures)


def test_a_killed_machines_claim_expires_and_another_shrinks_it(
    redis_server: LocalRedis, tmp_path: Path
) -> None:
    dying = campaign(tmp_path, "a", redis_server.url, 120, "--claim-ttl", "3")

    # Killed while it holds a claim on a finding it has written locally (the claim comes first, at the
    # meeting, and the entry a moment later: under load, waiting for the claim alone could kill it between).
    def holds_and_wrote() -> bool:
        claims = any(s.claim for s in read_status(redis_server.url).signatures)
        return claims and bool(new_entries(tmp_path, "a"))

    assert wait_until(holds_and_wrote, 90)
    os.killpg(dying.pid, signal.SIGKILL)
    dying.wait(timeout=30)
    claimed = {s.signature: s for s in read_status(redis_server.url).signatures if s.claim}
    # The survivor replays the dead machine's examples from Redis and takes its claims over once they expire.
    code, stderr = finish(campaign(tmp_path, "b", redis_server.url, 40, "--claim-ttl", "3"))
    assert code in (0, 1), stderr[-3000:]
    b = {f["signature"]: f for f in report(tmp_path, "b")["findings"]}
    taken = [s for s in claimed if s in b and "shrunk here" in b[s]["fleet"]]
    assert taken, {s: b.get(s) for s in claimed}
    for signature in taken:
        assert not b[signature]["new"]  # the dead machine found it first
        assert Path(b[signature]["file"]).exists()
    after = {s.signature: s for s in read_status(redis_server.url).signatures}
    for signature in taken:  # b let go of it when it stopped, and the fleet's entry only got smaller
        assert after[signature].claim == ""
        assert after[signature].size > 0
        if claimed[signature].size:  # (0: killed between its claim and its first publication)
            assert after[signature].size <= claimed[signature].size


def test_redis_killed_mid_run_the_campaign_goes_on_and_loses_nothing(
    redis_server: LocalRedis, tmp_path: Path
) -> None:
    # A budget long enough that the kill lands with seconds to go even on a loaded machine (a campaign
    # whose beat stopped before the next beat never meets the dead server).
    running = campaign(tmp_path, "a", redis_server.url, 35, "--no-shrink")
    assert wait_until(lambda: bool(read_status(redis_server.url).signatures), 60)
    redis_server.kill()
    code, stderr = finish(running)
    assert code == 1, stderr[-3000:]  # new findings, and no internal error
    assert stderr.count("fleet: lost Redis") == 1
    data = report(tmp_path, "a")
    assert data["fleet"]["offline"] and not data["errors"]
    new = [f for f in data["findings"] if f["new"]]
    assert new and all(Path(f["file"]).exists() for f in new)
