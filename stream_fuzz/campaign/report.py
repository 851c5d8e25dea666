"""A campaign's results as a summary table, JSON, and JUnit XML (one test case per finding signature).

The JUnit file follows the common schema (Jenkins xunit, GitLab, GitHub reporters): a `testsuites` root
holding one `testsuite` with `tests`, `failures`, `errors`, `skipped` and `time`. A new finding that fails
the campaign is a `failure` whose message names the rule, severity, file and what was found; a known one,
or a new one of a severity that does not fail the campaign, is `skipped`; a worker that died or a report
that could not be written is an `error`, so a broken run is never green.
"""

from __future__ import annotations

import datetime
import json
import xml.etree.ElementTree as ET
from pathlib import Path

from stream_fuzz.campaign.tally import L3_TIMING, FindingRecord, Stats
from stream_fuzz.compiler import CompilerInfo
from stream_fuzz.corpus.entry import write_atomically
from stream_fuzz.generators.model import LEVELS


def as_json(
    stats: Stats, compiler: CompilerInfo, extra: dict | None = None, origin: float | None = None
) -> dict:
    """`origin`: the run's start (wall clock), from which the timeline's seconds count."""
    return {
        "compiler": {"version": compiler.version, "path": compiler.path},
        "programs": dict(stats.programs),
        "valid": dict(stats.valid),
        "compiled": dict(stats.compiled),
        # L3: programs run on local devices and compared with NumPy; 0 with runtime_missing.
        "executed": dict(stats.executed),
        # Programs whose finding is an existing entry's, and their share of each level's programs.
        "known_hits": dict(stats.known_hits),
        "known_share": {level: round(share, 4) for level, share in known_shares(stats).items()},
        # Switches drawn less often because their programs kept hitting known entries, with their chance.
        "steered": stats.steered,
        "runtime_missing": stats.runtime_missing,
        "level_s": {level: round(seconds, 3) for level, seconds in stats.level_s.items()},
        # Of level_s, the time spent shrinking (at most campaign.SHRINK_SHARE of a budget).
        "shrink_s": {level: round(seconds, 3) for level, seconds in stats.shrink_s.items()},
        # Findings written but not shrunk in time: their entries say `shrunk: no`.
        "unshrunk": sorted(stats.unshrunk),
        "behaviour": {level: dict(sorted(c.items())) for level, c in stats.behaviour.items() if c},
        "findings": [
            {
                "signature": f.signature,
                "kind": f.kind,
                "rule": f.rule,
                "severity": f.severity,
                "level": f.level,
                "file": f.file,
                "new": f.new,
                "fails": f.fails,
                "hits": f.hits,
                "message": f.message,
                "generator_defect": f.generator_defect,
                "fleet": f.fleet,  # with --db: whose it is when another machine found it first
                "regression": f.regression,  # a `fixed` entry met again
            }
            for f in _ordered(stats)
        ],
        "timing": {key: round(value, 3) for key, value in stats.timing.items()},
        "elapsed_s": round(stats.elapsed_s, 3),
        "interrupted": stats.interrupted,
        "regressions": sorted(f.signature for f in stats.findings.values() if f.regression),
        # Curves over time (`timeline`): counters a second, and when each signature and label was first met.
        "timeline": stats.timeline.as_json(origin),
        **(extra or {}),
    }


def known_shares(stats: Stats) -> dict[str, float]:
    """Per level with programs, the share of them whose finding is an existing corpus entry's."""
    return {level: stats.known_hits[level] / n for level, n in stats.programs.items() if n}


def _ordered(stats: Stats) -> list[FindingRecord]:
    return sorted(
        stats.findings.values(), key=lambda f: (not f.regression, not f.fails, not f.new, f.signature)
    )


def write_report(path: Path, text: str) -> None:
    """Reports are written as corpus files are: whole or not at all (`corpus.write_atomically`)."""
    write_atomically(path, text)


def write_json(path: Path, data: dict) -> None:
    write_report(path, json.dumps(data, indent=2) + "\n")


def write_junit(path: Path, stats: Stats, compiler: CompilerInfo, errors: list[str] | None = None) -> None:
    errors = list(errors or [])
    findings = sorted(stats.findings.values(), key=lambda f: f.signature)
    root = ET.Element("testsuites", name="stream-fuzz")
    suite = ET.SubElement(
        root,
        "testsuite",
        name="stream-fuzz",
        tests=str(len(findings) + len(errors) + (0 if findings or errors else 1)),
        failures=str(sum(f.fails for f in findings)),
        errors=str(len(errors)),
        skipped=str(sum(not f.fails for f in findings)),
        time=f"{stats.elapsed_s:.3f}",
        timestamp=datetime.datetime.now().replace(microsecond=0).isoformat(),
    )
    properties = ET.SubElement(suite, "properties")
    ET.SubElement(properties, "property", name="compiler", value=compiler.version)
    ET.SubElement(properties, "property", name="programs", value=str(stats.total))
    ET.SubElement(properties, "property", name="interrupted", value=str(stats.interrupted).lower())
    for finding in findings:
        case = ET.SubElement(
            suite, "testcase", classname=f"stream-fuzz.{finding.level}", name=finding.signature, time="0"
        )
        what = finding.rule or finding.kind
        severity = f" ({finding.severity})" if finding.severity else ""
        line = f"{what}{severity} in {finding.file}: {finding.message}"
        text = f"{line}\n{finding.hits} hit(s); reproduce: stream-fuzz replay {finding.file}"
        if finding.regression:
            message = f"REGRESSION of the fixed entry {finding.file}: {what}{severity}: {finding.message}"
            ET.SubElement(case, "failure", message=message, type="regression").text = text
        elif finding.fails:
            ET.SubElement(case, "failure", message=f"new {line}", type=finding.kind).text = text
        elif finding.new:
            why = f"new {what}{severity}: does not fail the campaign (see --fail-on); {finding.file}"
            ET.SubElement(case, "skipped", message=why).text = text
        else:
            ET.SubElement(case, "skipped", message=f"known: {finding.file}").text = text
    for index, error in enumerate(errors):
        name = f"run error {index + 1}"
        case = ET.SubElement(suite, "testcase", classname="stream-fuzz", name=name, time="0")
        ET.SubElement(case, "error", message=error.splitlines()[0], type="run-error").text = error
    if not findings and not errors:  # a clean run is still one passing test case
        name = f"no findings in {stats.total} programs"
        ET.SubElement(suite, "testcase", classname="stream-fuzz", name=name, time="0")
    xml = ET.tostring(root, encoding="unicode", xml_declaration=True)
    write_report(path, xml)


def summary(stats: Stats, compiler: CompilerInfo) -> str:
    lines = [
        f"compiler: {compiler.version} ({compiler.path})",
        "",
        f"{'level':<7}{'programs':>10}{'valid':>10}{'compiled':>10}{'executed':>10}{'time':>9}",
    ]
    for level in LEVELS:
        n = stats.programs[level]
        if n:
            valid, compiled = stats.valid[level] / n, stats.compiled[level] / n
            executed = f"{stats.executed[level] / n:.2%}" if level == "l3" else "-"
            took = f"{stats.level_s[level]:.0f} s"
            lines.append(f"{level:<7}{n:>10}{valid:>10.2%}{compiled:>10.2%}{executed:>10}{took:>9}")
    lines.append(
        "(valid: the verifier accepts the program, the generator's own validity; compiled: the "
        "pipeline got through; executed: run on local devices and compared with NumPy)"
    )
    if stats.runtime_missing:
        lines.append("(L3 programs were not executed: iree-base-runtime is not installed)")
    lines += _behaviour_lines(stats)
    # L3's own keys split its compile time (stream, vmfb) and add the run and NumPy's evaluation.
    shared = {key: value for key, value in stats.timing.items() if key not in L3_TIMING}
    total_time = sum(shared.values()) or 1.0
    split = ", ".join(f"{key[:-2]} {value / total_time:.0%}" for key, value in shared.items())
    rate = stats.total / stats.elapsed_s if stats.elapsed_s else 0.0
    took = f"{stats.elapsed_s:.1f} s" + (" (interrupted)" if stats.interrupted else "")
    lines += ["", f"{stats.total} programs in {took} ({rate:.1f}/s); time: {split}"]
    if any(stats.known_hits.values()):
        each = ", ".join(f"{level} {share:.0%}" for level, share in known_shares(stats).items())
        share = sum(stats.known_hits.values()) / (stats.total or 1)
        lines.append(f"known: {share:.0%} of programs hit a known corpus entry ({each})")
    for steered_level, odds in sorted(stats.steered.items()):
        least = sorted(odds.items(), key=lambda item: item[1])
        each = ", ".join(f"{switch} {chance:.0%}" for switch, chance in least)
        lines.append(f"steered {steered_level}: {each}")
    shrinking = sum(stats.shrink_s.values())
    if shrinking or stats.unshrunk:
        each = ", ".join(f"{level} {s:.0f} s" for level, s in stats.shrink_s.items() if s)
        left = f"; {len(stats.unshrunk)} finding(s) left unshrunk (shrunk: no)" if stats.unshrunk else ""
        lines.append(f"shrinking: {shrinking:.0f} s ({each or 'none'}){left}")
    if stats.programs["l3"]:
        n = stats.programs["l3"]
        each = ", ".join(f"{key[3:-2]} {stats.timing[key] / n * 1000:.0f} ms" for key in L3_TIMING)
        lines.append(f"l3 per program: {each}")
    if stats.findings:
        regressed = any(f.regression for f in stats.findings.values())
        wide = 11 if regressed else 4
        lines += ["", f"{'':<{wide}}{'signature':<40}{'kind':<18}{'level':<7}{'hits':>6}  file"]
        for f in _ordered(stats):
            mark = "REGRESSION" if f.regression else ("NEW" if f.fails else "new") if f.new else "old"
            kind = "generator-defect" if f.generator_defect else f.kind
            where = f.file or (f"(fleet: {f.fleet})" if f.fleet else "")
            lines.append(f"{mark:<{wide}}{f.signature:<40}{kind:<18}{f.level:<7}{f.hits:>6}  {where}")
        if regressed:
            lines.append("(REGRESSION: the signature of an entry whose status is fixed: the bug is back)")
        if any(f.generator_defect for f in stats.findings.values()):
            lines.append("(generator-defect: the verifier rejects it, a bug of stream-fuzz and not of IREE)")
        if any(f.new and not f.fails for f in stats.findings.values()):
            lines.append("(new: a new finding of a severity that does not fail the run; see --fail-on)")
    else:
        lines += ["", "no findings"]
    return "\n".join(lines)


def _behaviour_lines(stats: Stats) -> list[str]:
    """What the compiler did, as shares of each level's programs (`oracles.behaviour`)."""
    lines = []
    for level in LEVELS:
        n, seen = stats.programs[level], stats.behaviour[level]
        if n and seen:
            shares = ", ".join(f"{label} {count / n:.0%}" for label, count in seen.most_common())
            lines.append(f"{level} output: {shares}")
    return ["", *lines] if lines else []
