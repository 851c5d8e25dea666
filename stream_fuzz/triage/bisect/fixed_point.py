"""The protocol of `iree-util-fixed-point-iterator`, followed by bisection's own loop of single steps.

The iterator marks the module with the round's number (`iree.fixedpoint.iteration`), and passes that
changed something (fold-globals, fuse-globals, ipo, elide-timepoints) mark it modified
(`iree.fixedpoint.modified`); another round runs while the mark is there. Module attributes are read and
set with the `iree.compiler.ir` bindings.
"""

from __future__ import annotations

from collections.abc import Sequence

from iree.compiler import ir

from stream_fuzz.compiler.pass_plan import BisectError
from stream_fuzz.interrupts import not_interruptible
from stream_fuzz.oracles.sanitize import parse_compiled

ITERATION_ATTR = "iree.fixedpoint.iteration"
MODIFIED_ATTR = "iree.fixedpoint.modified"

_CONTEXT: ir.Context | None = None


def _parse(text: str) -> ir.Module:
    global _CONTEXT
    if _CONTEXT is None:
        _CONTEXT = ir.Context()
    try:
        return parse_compiled(text, _CONTEXT)
    except ir.MLIRError as error:
        raise BisectError(
            f"the IR between two steps cannot be read to follow the fixed-point loop: {error}"
        ) from error


@not_interruptible
def has_module_attr(text: str, name: str) -> bool:
    """The top-level module of printed IR carries the attribute `name`."""
    return name in _parse(text).operation.attributes


@not_interruptible
def module_attrs(text: str) -> str:
    """The attribute dictionary of the top-level module, as printed ("" when it has none)."""
    attributes = _parse(text).operation.attributes
    return ", ".join(f"{attributes[i].name} = {attributes[i].attr}" for i in range(len(attributes)))


@not_interruptible
def set_module_attrs(text: str, add: dict[str, str], remove: Sequence[str]) -> str:
    """The IR with `name = value` attributes added to its top-level module and the named ones dropped."""
    module = _parse(text)
    attributes = module.operation.attributes
    for name in remove:
        if name in attributes:
            del attributes[name]
    for name, value in add.items():
        attributes[name] = ir.Attribute.parse(value, module.context)
    return str(module)
