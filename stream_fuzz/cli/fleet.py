"""`status` and `corpus pull`: the fleet read back from Redis."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from stream_fuzz.cli.common import EXIT_OK, EXIT_USAGE, plotting, write_file_with
from stream_fuzz.fleet import FleetUnavailable
from stream_fuzz.fleet.status import pull_entries, read_status, render_status
from stream_fuzz.judge.preflight import SetupError, writable_file, writable_folder


def cmd_status(args: argparse.Namespace) -> int:
    if args.html:
        plotting(f"--html {args.html}: ")
        writable_file(Path(args.html), "--html")
    try:
        status = read_status(args.db)
    except FleetUnavailable as error:
        raise SetupError(str(error)) from error
    if args.html:
        from stream_fuzz.dashboard.output import write_fleet_html

        write_file_with(Path(args.html), "--html", lambda path: write_fleet_html(path, status))
    print(json.dumps(status.as_json(), indent=2) if args.json else render_status(status))
    return EXIT_OK


def cmd_corpus_pull(args: argparse.Namespace) -> int:
    folder = Path(args.dir)
    writable_folder(folder, "corpus folder")
    try:
        pulled = pull_entries(args.db, folder)
    except FleetUnavailable as error:
        raise SetupError(str(error)) from error
    for path in pulled.written:
        print(f"wrote {path}")
    print(f"{len(pulled.written)} entries written, {len(pulled.kept)} kept (the local one is as small)")
    for problem in pulled.refused:  # bad data in Redis, or a local file that is not the entry: untouched
        print(f"stream-fuzz: not written: {problem}", file=sys.stderr)
    return EXIT_USAGE if pulled.refused else EXIT_OK
