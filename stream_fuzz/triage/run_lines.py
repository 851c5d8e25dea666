"""An entry's RUN lines run as lit would, with IREE's own tools found on this machine (`Tools`), and their
output cleaned of this machine's paths: what `stream-fuzz report` quotes in a draft."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

TOOL_NAMES = ("iree-opt", "iree-compile", "iree-run-module", "FileCheck")
REPRO = "repro.mlir"  # `%s` of the entry, as the draft names it
ONE_PASS = "one-pass.mlir"  # `%s` of the one-pass reproducer
TEMP = "out"  # `%t`: a path the RUN lines may write
_WORD = r"(?<![\w/.-]){}(?![\w/.-])"  # a tool's name as a whole word, as corpus/lit.cfg.py substitutes it
_MAX_OUTPUT_LINES = 30
# An absolute path of this machine (not part of a URL, a relative path, a rule like `placement/read`, or
# /dev/null, which every machine has).
MACHINE_PATH = re.compile(r"(?<![\w.~:/-])/(?!dev/null\b)(?:[\w.+@-]+/)+([\w.+@-]+)")


@dataclass(frozen=True)
class Tools:
    """The tools the RUN lines name, as paths on this machine (never written into a draft)."""

    iree_opt: Path
    iree_compile: Path
    iree_run_module: Path | None
    filecheck: Path
    version: str  # the release, e.g. "3.13.0rc20261016 @ 89ece87b..."

    @property
    def release(self) -> str:
        return self.version.split()[0]

    def paths(self) -> dict[str, str]:
        named = {"iree-opt": self.iree_opt, "iree-compile": self.iree_compile, "FileCheck": self.filecheck}
        if self.iree_run_module:
            named["iree-run-module"] = self.iree_run_module
        return {name: str(path) for name, path in named.items()}


def find_tools(iree_opt: Path | None = None) -> Tools:
    """The pinned compiler (or `iree_opt`), the `iree-compile` beside it, the `iree-run-module` of its own
    release (beside it, else this Python's), and FileCheck: what corpus/lit.cfg.py substitutes."""
    import shutil
    import sys

    from stream_fuzz.compiler import native_iree_opt
    from stream_fuzz.compiler.subprocess_backend import probe_version

    opt = (iree_opt or native_iree_opt()).absolute()
    if opt.is_dir():
        opt = opt / "iree-opt"
    run_module: Path | None = opt.resolve().parents[2] / "_runtime_libs" / "iree-run-module"
    if run_module is None or not run_module.is_file():
        run_module = None
        try:
            import iree.runtime

            mine = Path(iree.runtime.__file__).resolve().parents[1] / "_runtime_libs" / "iree-run-module"
            run_module = mine if mine.is_file() else None
        except ImportError:
            pass
    found = shutil.which("filecheck", path=str(Path(sys.executable).parent)) or shutil.which("filecheck")
    if not found:
        raise FileNotFoundError("no `filecheck` command (pip install filecheck)")
    return Tools(opt, opt.with_name("iree-compile"), run_module, Path(found), probe_version(opt))


@dataclass(frozen=True)
class Outcome:
    """What a file's RUN lines did: the first command that failed (or the last one), and what it printed."""

    command: str  # as the draft shows it
    failed: bool
    output: str  # what the command printed, with this machine's paths taken out
    timed_out: bool = False
    seconds: float = 0.0


def run_commands(text: str, keep_breaks: bool = False) -> list[str]:
    """The RUN commands of a lit file, `\\`-continued lines joined (with a newline where they were broken
    when `keep_breaks`)."""
    commands: list[str] = []
    pending = ""
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("// RUN:"):
            continue
        part = stripped[len("// RUN:") :].strip()
        if part.endswith("\\"):
            pending += part[:-1].strip() + ("\n" if keep_breaks else " ")
            continue
        commands.append((pending + part).strip())
        pending = ""
    if pending:
        commands.append(pending.strip())
    return commands


def portable(command: str, name: str) -> str:
    """A RUN command as an IREE engineer pastes it: `%s` is the file, `%t` a path to write."""
    return command.replace("%s", name).replace("%t", TEMP)


def lit_text(text: str) -> str:
    """The file as a lit test to paste: the project's header (the `// key: value` block before the first
    RUN or REQUIRES line) dropped; RUN, CHECK and every other line kept."""
    lines = text.splitlines()
    start = 0
    for number, line in enumerate(lines):
        if line.startswith(("// RUN:", "// REQUIRES:")) or not line.startswith("//"):
            start = number
            break
    return "\n".join(lines[start:]).strip() + "\n"


def run_file(text: str, name: str, tools: Tools, timeout: float) -> Outcome:
    """Run `text`'s RUN lines as lit would (each in bash with pipefail, `not` inverting), in a fresh folder
    where the file is `name`; stop at the first command that fails."""
    import os
    import signal
    import subprocess
    import tempfile
    import time

    commands = run_commands(text)
    if not commands:
        return Outcome("", False, "(no RUN line)")
    with tempfile.TemporaryDirectory(prefix="stream-fuzz-report-") as folder:
        (Path(folder) / name).write_text(text)
        outcome = Outcome(portable(commands[-1], name), False, "")
        for command in commands:
            shown = portable(command, name)
            real = shown
            for tool, path in tools.paths().items():
                real = re.sub(_WORD.format(re.escape(tool)), path.replace("\\", "\\\\"), real)
            script = 'set -o pipefail\nnot() { ! "$@"; }\n' + real + "\n"
            started = time.monotonic()
            process = subprocess.Popen(
                ["bash", "-c", script],
                cwd=folder,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                start_new_session=True,
            )
            try:
                output, _ = process.communicate(timeout=timeout)
                timed_out = False
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                output, _ = process.communicate()
                timed_out = True
            seconds = time.monotonic() - started
            output = _clean(output, tools, folder)
            outcome = Outcome(shown, timed_out or process.returncode != 0, output, timed_out, seconds)
            if outcome.failed:
                break
    return outcome


def _clean(output: str, tools: Tools, folder: str) -> str:
    """Output without this machine's paths: tools by name, the work folder dropped; at most a screenful."""
    for tool, path in sorted(tools.paths().items(), key=lambda item: -len(item[1])):
        output = output.replace(path, tool)
        output = output.replace(str(Path(path).resolve()), tool)
    output = output.replace(folder + "/", "").replace(folder, ".")
    output = MACHINE_PATH.sub(lambda m: m.group(1), output)  # a library in a backtrace: its name
    lines = [line.rstrip() for line in output.strip().splitlines()]
    if len(lines) > _MAX_OUTPUT_LINES:
        lines = [*lines[:_MAX_OUTPUT_LINES], f"... ({len(lines) - _MAX_OUTPUT_LINES} more lines)"]
    return "\n".join(lines)


def header_value(text: str, key: str) -> str:
    """A header line's value with its continuation lines (`//   ...`) joined: '' when absent."""
    found: list[str] = []
    for line in text.splitlines():
        if found:
            if line.startswith("//   ") and not _is_key(line):
                more = line[2:].strip()
                if found[-1].endswith("-") and not found[-1].endswith(" -"):  # a word broken at a hyphen
                    found[-1] += more
                else:
                    found.append(more)
                continue
            break
        if line.lower().startswith(f"// {key}:"):
            found.append(line[len(f"// {key}:") :].strip())
        elif line.startswith("// RUN:"):
            break
    return " ".join(found).strip()


def _is_key(line: str) -> bool:
    return bool(re.match(r"^//\s{0,2}[A-Za-z][\w -]*:\s", line))


def runs_a_program(text: str) -> bool:
    """Does the file compile and run a program (a runtime witness)?"""
    word = re.compile(_WORD.format("iree-run-module"))
    return any(word.search(command) for command in run_commands(text))
