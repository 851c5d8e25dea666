"""L3's placement rule at the ABI: a result declared on a device is handed over on that device.

A frontend function's result with `iree.abi.affinity = #hal.device.affinity<@dN>` tells its caller where
the buffer lives. In the stream-phase IR that is the `stream.tensor.export on(...)` producing the public
function's return value (IREE's ABI wrapper exports each result, `hal.tensor.export on(...)` lowered by
iree-stream-conversion); an export on another device hands the caller memory of a device it did not ask
for (IREE #20381's class: an export pinned to the wrong device).
"""

from __future__ import annotations

from collections.abc import Sequence

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
