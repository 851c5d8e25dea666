"""Run CHECK lines against compiler output with the `filecheck` package (LLVM FileCheck, in Python)."""

from __future__ import annotations

import contextlib
import io
import os
import tempfile

from filecheck.matcher import Matcher
from filecheck.options import Options


def run_filecheck(checks: str, output: str, strict_whitespace: bool = False) -> tuple[bool, str]:
    """True when the CHECK lines in `checks` match `output`; the second item is FileCheck's complaint.
    `strict_whitespace`: FileCheck's --strict-whitespace (CHECK lines that read indentation, i.e. nesting)."""
    with tempfile.TemporaryDirectory(prefix="stream-fuzz-filecheck-") as folder:
        check_file = os.path.join(folder, "checks.mlir")
        input_file = os.path.join(folder, "output.mlir")
        with open(check_file, "w") as f:
            f.write(checks)
        with open(input_file, "w") as f:
            f.write(output)
        complaint = io.StringIO()
        with contextlib.redirect_stderr(complaint), contextlib.redirect_stdout(io.StringIO()):
            matcher = Matcher.from_opts(
                Options(match_filename=check_file, input_file=input_file, strict_whitespace=strict_whitespace)
            )
            code = matcher.run()
    return code == 0, complaint.getvalue().strip()
