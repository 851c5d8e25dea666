"""A campaign's results as a summary table, JSON, and JUnit XML (one test case per finding signature)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from stream_fuzz.campaign import LEVELS, Stats
from stream_fuzz.compiler import CompilerInfo


def as_json(stats: Stats, compiler: CompilerInfo, extra: dict | None = None) -> dict:
    return {
        "compiler": {"version": compiler.version, "path": compiler.path},
        "programs": dict(stats.programs),
        "valid": dict(stats.valid),
        "findings": [
            {
                "signature": f.signature,
                "kind": f.kind,
                "rule": f.rule,
                "level": f.level,
                "file": f.file,
                "new": f.new,
                "fails": f.fails,
                "severity": f.severity,
                "hits": f.hits,
            }
            for f in sorted(stats.findings.values(), key=lambda f: (not f.new, f.signature))
        ],
        "timing": {key: round(value, 3) for key, value in stats.timing.items()},
        "elapsed_s": round(stats.elapsed_s, 3),
        **(extra or {}),
    }


def write_json(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, indent=2) + "\n")


def write_junit(path: Path, stats: Stats, compiler: CompilerInfo) -> None:
    """One test case per signature: new findings fail, known ones are skipped with their entry named."""
    findings = sorted(stats.findings.values(), key=lambda f: f.signature)
    suite = ET.Element(
        "testsuite",
        name="stream-fuzz",
        tests=str(max(len(findings), 1)),
        failures=str(sum(f.fails for f in findings)),
        skipped=str(sum(not f.fails for f in findings)),
        time=f"{stats.elapsed_s:.3f}",
    )
    ET.SubElement(ET.SubElement(suite, "properties"), "property", name="compiler", value=compiler.version)
    for finding in findings:
        case = ET.SubElement(
            suite, "testcase", classname=f"stream-fuzz.{finding.level}", name=finding.signature
        )
        text = f"{finding.kind} {finding.rule} ({finding.hits} hits); repro: {finding.file}"
        if finding.fails:
            ET.SubElement(
                case, "failure", message=f"new {finding.kind}: {finding.rule or finding.kind}"
            ).text = text
        elif finding.new:
            why = f"new, {finding.severity} only: does not fail the campaign (see --fail-on)"
            ET.SubElement(case, "skipped", message=why).text = text
        else:
            ET.SubElement(case, "skipped", message="known (corpus entry)").text = text
    if not findings:  # a clean run is still one passing test case
        ET.SubElement(
            suite, "testcase", classname="stream-fuzz", name=f"no findings in {stats.total} programs"
        )
    ET.ElementTree(suite).write(path, encoding="unicode", xml_declaration=True)


def summary(stats: Stats, compiler: CompilerInfo) -> str:
    lines = [
        f"compiler: {compiler.version} ({compiler.path})",
        "",
        f"{'level':<7}{'programs':>10}{'valid':>10}",
    ]
    for level in LEVELS:
        n = stats.programs[level]
        if n:
            lines.append(f"{level:<7}{n:>10}{stats.valid[level] / n:>10.2%}")
    total_time = sum(stats.timing.values()) or 1.0
    split = ", ".join(f"{key[:-2]} {value / total_time:.0%}" for key, value in stats.timing.items())
    rate = stats.total / stats.elapsed_s if stats.elapsed_s else 0.0
    lines += ["", f"{stats.total} programs in {stats.elapsed_s:.1f} s ({rate:.1f}/s); time: {split}"]
    if stats.findings:
        lines += ["", f"{'':<4}{'signature':<40}{'kind':<18}{'level':<7}{'hits':>6}  file"]
        for f in sorted(stats.findings.values(), key=lambda f: (not f.new, f.signature)):
            mark = ("NEW" if f.fails else "new") if f.new else "old"
            lines.append(f"{mark:<4}{f.signature:<40}{f.kind:<18}{f.level:<7}{f.hits:>6}  {f.file}")
    else:
        lines += ["", "no findings"]
    return "\n".join(lines)
