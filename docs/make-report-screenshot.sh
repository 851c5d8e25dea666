#!/usr/bin/env bash
# Regenerates docs/report.png and docs/report-summary.md: a real campaign (BUDGET seconds, default 60; all
# levels, all cores) against the pinned compiler on a copy of the corpus, its HTML report photographed by
# a headless Chromium, its Markdown summary copied. Needs the `report` extra and Debian's `chromium`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
fuzz="${STREAM_FUZZ:-$root/.venv/bin/stream-fuzz}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$root/corpus" "$work/corpus"
cd "$work"  # relative paths in the report: no path of this machine ends up in docs/
status=0
"$fuzz" run --budget "${BUDGET:-60}" --seed "${SEED:-0}" --corpus corpus --json run.json --html report.html \
  --summary-md summary.md || status=$?
if [ "$status" -gt 1 ]; then  # 0: nothing new, 1: new findings (in the copy; see the summary)
  echo "the campaign failed (exit $status)" >&2
  exit "$status"
fi
"$fuzz" html run.json --html report.html --screenshot "$root/docs/report.png"
cp summary.md "$root/docs/report-summary.md"
