"""L3's rules at the ABI: a result declared on a device is handed over on that device, and an input the
program does not consume is not written.

A frontend function's result with `iree.abi.affinity = #hal.device.affinity<@dN>` tells its caller where
the buffer lives. In the stream-phase IR that is the `stream.tensor.export on(...)` producing the public
function's return value (IREE's ABI wrapper exports each result, `hal.tensor.export on(...)` lowered by
iree-stream-conversion); an export on another device hands the caller memory of a device it did not ask
for (IREE #20381's class: an export pinned to the wrong device).

`inputs_unchanged` is judged on a run: the buffers of the call's arguments, read back after it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from iree.compiler import ir

from .affinity import devices_of
from .rules import Rule, Violation

_EXPORT = "stream.tensor.export"


def results_on_declared_devices(
    module: ir.Module, declared: Sequence[str | None], function: str = "main"
) -> tuple[Violation, ...]:
    """Violations for results of the public `function` exported elsewhere than `declared` says (device
    names without the `@`, as `affinity.devices_of` gives them; None for a result without an affinity).
    A result not produced by an export is not judged."""
    returned = _returned_values(module, function)
    found: list[Violation] = []
    for index, (value, device) in enumerate(zip(returned, declared, strict=False)):
        if device is None or not isinstance(value.owner, ir.OpView) or value.owner.name != _EXPORT:
            continue
        export = value.owner.operation
        # The bindings' attribute map has no `get`.
        attr = export.attributes["affinity"] if "affinity" in export.attributes else None  # noqa: SIM401
        placed = devices_of(attr)
        if placed is not None and device in placed:
            continue
        where = str(attr) if attr is not None else "no affinity"
        found.append(
            Violation(
                rule=Rule.RESULT,
                message=f"result {index} is declared on @{device} but exported on {where}",
                op=str(export).strip().splitlines()[0][:240],
                location=str(export.location),
                resource=f"result {index}",
                consumers=(device,),
                placed_on=where,
                op_name=_EXPORT,
                storage_kind="result",
                pinned=True,
                via="direct",
                order=index,
            )
        )
    return tuple(found)


def _returned_values(module: ir.Module, function: str) -> list[ir.Value]:
    for op in module.body.operations:
        if op.operation.name == "util.func" and ir.StringAttr(op.attributes["sym_name"]).value == function:
            body = op.regions[0].blocks[0]
            terminator = body.operations[len(body.operations) - 1]
            return list(terminator.operands)
    return []


def inputs_unchanged(
    before: Sequence[np.ndarray], after: Sequence[np.ndarray], consumed: Sequence[bool] = ()
) -> tuple[Violation, ...]:
    """`abi/input-written`: each input buffer, read back after the call (`after`), holds the bytes it was
    given (`before`), unless its argument is consumed (`consumed[i]`: `iree.abi.consume` or
    `iree.abi.output`, which hand the buffer to the program). The ABI imports every other argument
    without `consume` (WrapEntryPoints.cpp, createExportWrapperFunc): the caller still owns it."""
    found: list[Violation] = []
    for index, (given, read_back) in enumerate(zip(before, after, strict=True)):
        if index < len(consumed) and consumed[index]:
            continue
        given, read_back = np.asarray(given), np.asarray(read_back)
        if given.shape == read_back.shape and given.tobytes() == read_back.tobytes():
            continue
        changed = int(np.count_nonzero(given != read_back)) if given.shape == read_back.shape else given.size
        found.append(
            Violation(
                rule=Rule.INPUT,
                message=(
                    f"input {index} is not consumed, but the call changed {changed} of its {given.size} "
                    f"element(s): {_few(given)} became {_few(read_back)}"
                ),
                op="util.func public @main",
                location="",
                resource=f"input {index}",
                consumers=(),
                placed_on="",
                op_name="util.func",
                storage_kind="input",
                pinned=True,
                order=len(before) + index,
            )
        )
    return tuple(found)


def _few(values: np.ndarray, count: int = 8) -> str:
    flat = values.reshape(-1)
    shown = ",".join(f"{v:g}" for v in flat[:count].tolist())
    return f"[{shown}{',...' if flat.size > count else ''}]"
