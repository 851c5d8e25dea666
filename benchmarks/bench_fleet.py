"""Redis operations per program of a fleet campaign, measured on a real redis-server.

    python benchmarks/bench_fleet.py [--budget 60] [--workers 2] [--level all] [--db redis://...]

Starts a redis-server on a free localhost port (unless --db names one, whose statistics it then
resets), runs `stream-fuzz run --db` against it, and prints the commands Redis executed (from
`INFO commandstats`) per program and per second, and the bytes it holds, for the sizing note in
docs/fleet.md.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import redis

from stream_fuzz.fleet.local import start_local_redis


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--level", default="all")
    parser.add_argument("--db", help="an existing Redis (its command statistics are reset)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-fleet-"))
    server = None if args.db else start_local_redis(folder / "redis")
    url = args.db or server.url
    client = redis.Redis.from_url(url)
    client.config_resetstat()
    corpus = folder / "corpus"
    shutil.copytree(Path(__file__).resolve().parents[1] / "corpus", corpus)
    command = [sys.executable, "-m", "stream_fuzz.cli", "run", "--db", url, "--budget", str(args.budget)]
    command += ["--workers", str(args.workers), "--level", args.level, "--corpus", str(corpus)]
    command += ["--json", str(folder / "run.json")]
    subprocess.run(command, stdout=subprocess.DEVNULL, check=False)
    stats = client.info("commandstats")
    memory = client.info("memory")["used_memory"]
    report = json.loads((folder / "run.json").read_text())
    programs = sum(report["programs"].values())
    calls = {name.removeprefix("cmdstat_"): value["calls"] for name, value in stats.items()}
    total = sum(calls.values())
    seconds = report["elapsed_s"]
    print(f"{programs} programs on {args.workers} worker(s) in {seconds:.0f} s ({programs / seconds:.1f}/s)")
    print(f"Redis commands: {total} ({total / programs:.1f} per program, {total / seconds:.1f}/s)")
    print("  " + ", ".join(f"{name} {n}" for name, n in sorted(calls.items(), key=lambda c: -c[1])))
    print(f"Redis memory: {memory / 1e6:.1f} MB; findings met: {len(report['findings'])}")
    if server is not None:
        server.kill()
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
