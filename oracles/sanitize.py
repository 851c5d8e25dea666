"""Read IR printed by older compiler releases with the current bindings.

Older releases print executable bodies (`stream.executable`, `hal.executable`) whose inner ops the current
parser may reject. Placement does not depend on what is inside them, so when a first parse fails their
bodies are emptied and the text parsed again. Nothing else is changed: a second failure is reported.
"""

from __future__ import annotations

from iree.compiler import ir

_EXECUTABLE_HEADS = ("stream.executable", "hal.executable")


def parse_compiled(text: str, context: ir.Context) -> ir.Module:
    try:
        return ir.Module.parse(text, context)
    except ir.MLIRError:
        stripped = strip_executable_bodies(text)
        if stripped == text:
            raise
        return ir.Module.parse(stripped, context)


def strip_executable_bodies(text: str) -> str:
    """Replace `{ ... }` after each executable op header by `{\\n}`, tracking braces line by line."""
    out: list[str] = []
    depth = 0  # > 0 while inside an executable body being dropped
    for line in text.splitlines(keepends=True):
        if depth:
            depth += line.count("{") - line.count("}")
            if depth <= 0:
                out.append("}\n")
                depth = 0
            continue
        head = line.lstrip()
        if head.startswith(_EXECUTABLE_HEADS) and line.rstrip().endswith("{"):
            depth = line.count("{") - line.count("}")
            out.append(line)
            continue
        out.append(line)
    return "".join(out)
