"""The lit test format of the corpus (`corpus/lit.cfg.py`): lit's ShTest, with each entry's expectation
read from its `status:` line, so that an entry never says XFAIL in two places that could disagree.

It lives here, not in lit.cfg.py, because lit sends the format to its worker processes by reference.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import lit.formats
import lit.Test

from stream_fuzz.corpus import MalformedEntry, read_entry


class CorpusTest(lit.formats.ShTest):
    """An `open` entry is a known bug: its CHECK lines state the correct output, so lit expects it to fail."""

    def execute(self, test: Any, lit_config: Any) -> Any:
        try:
            entry = read_entry(Path(test.getSourcePath()))
        except MalformedEntry as error:
            return lit.Test.Result(lit.Test.UNRESOLVED, str(error))
        if entry.status == "open":
            test.xfails = ["*"]
        return super().execute(test, lit_config)
