# The corpus as a lit suite: `lit corpus/` runs every entry's RUN lines.
#
#   lit corpus/                                   # the pinned compiler (the native iree-opt in its wheel)
#   lit corpus/ -D iree_opt=PATH/TO/iree-opt      # any other build or release
#
# An entry whose header says `status: open` is a known compiler bug: its CHECK lines state the correct
# output, so the test fails while the bug is there and lit expects that (XFAIL). The day IREE fixes it the
# test passes, lit reports an unexpected pass, and the status line should become `fixed`. The status line
# is the only place that says so: this file reads it, entries carry no XFAIL line of their own.
#
#   lit corpus/ -D iree_opt=PATH -D iree_run_module=PATH   # and that release's runtime, if not beside it
#
# Tools: `iree-opt` is the compiler under test (entries that run a program use the `iree-compile` beside it
# and the `iree-run-module` of the same release), `FileCheck` the `filecheck` package (LLVM's FileCheck in
# Python). RUN lines use nothing else: an IREE engineer can paste an entry into IREE's own lit tests. A
# test that runs longer than `timeout` seconds (default 60, `-D timeout=S`) fails instead of holding the
# suite, unless it is a timeout entry, whose bug is that hang. What counts as an entry's expected failure
# (the bug, not a broken RUN line or a program this compiler cannot parse) is
# stream_fuzz/corpus/litformat.py's.

import os
import shutil
import sys
from pathlib import Path

from stream_fuzz.corpus.litformat import CorpusTest


def _iree_opt() -> str:
    given = lit_config.params.get("iree_opt") or os.environ.get("STREAM_FUZZ_IREE_OPT")
    if given:
        path = Path(given).absolute()  # lit runs each test in a folder of its own
        if path.is_dir():
            path = path / "iree-opt"
    else:
        from stream_fuzz.compiler import native_iree_opt

        path = native_iree_opt()
    if not (path.is_file() and os.access(path, os.X_OK)):
        lit_config.fatal(f"no executable iree-opt at {path} (give one with -D iree_opt=PATH)")
    return str(path)


def _iree_compile(iree_opt: str) -> str:
    """L3 entries compile with the `iree-compile` beside the `iree-opt` under test."""
    return str(Path(iree_opt).parent / "iree-compile")


def _iree_run_module(iree_opt: str) -> str | None:
    """The runtime's native `iree-run-module` of the compiler's own release: `-D iree_run_module=PATH`, else
    the one installed beside that compiler (a release's `iree-base-runtime` in the same environment: another
    release's runtime refuses its modules), else this Python's (the `runtime` extra); None when none is.
    The same lookup as `stream-fuzz run/replay --iree-opt`'s (stream_fuzz.compiler)."""
    given = lit_config.params.get("iree_run_module")
    if given:
        return given
    from stream_fuzz.compiler import iree_run_module_beside, native_iree_run_module

    path = iree_run_module_beside(iree_opt) or native_iree_run_module()
    return str(path) if path else None


def _filecheck() -> str:
    found = shutil.which("filecheck", path=str(Path(sys.executable).parent)) or shutil.which("filecheck")
    if not found:
        lit_config.fatal("no `filecheck` command: pip install filecheck")
    return found


config.name = "stream-fuzz corpus"
config.test_format = CorpusTest()
config.suffixes = [".mlir"]
config.excludes = ["lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(
    lit_config.params.get("exec_root") or os.environ.get("TMPDIR", "/tmp"), "stream-fuzz-lit"
)
# Whole words only: not the end of a path (`.../iree-opt`) nor part of a name (`stream-fuzz-lit`).
_WORD = r"(?<![\w/.-]){}(?![\w/.-])"
config.substitutions.append((_WORD.format("FileCheck"), _filecheck()))
_IREE_OPT = _iree_opt()
config.iree_opt = _IREE_OPT  # the format checks that each entry parses on it before it runs
config.substitutions.append((_WORD.format("iree-opt"), _IREE_OPT))
config.substitutions.append((_WORD.format("iree-compile"), _iree_compile(_IREE_OPT)))
# L3 entries run their program (`REQUIRES: iree-run-module`); without the runtime they are UNSUPPORTED.
_RUN_MODULE = _iree_run_module(_IREE_OPT)
if _RUN_MODULE:
    config.available_features.add("iree-run-module")
    config.substitutions.append((_WORD.format("iree-run-module"), _RUN_MODULE))
config.maxIndividualTestTime = int(lit_config.params.get("timeout", 60))
