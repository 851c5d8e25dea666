"""`import/borrowed-written`: the compiled program never writes the caller's buffer it only borrowed.

A `stream.tensor.import` without `consume` borrows caller-owned storage; with `consume` ownership moves to
the program, which may then update the buffer in place (`hal.tensor.import consume`, set by the ABI
wrapper for `iree.abi.consume` and `iree.abi.output` arguments, WrapEntryPoints.cpp
createExportWrapperFunc). IREE states the contract in ElideAsyncCopies.cpp (`containsBorrowedStorage`,
since #22844, which fixes #16168): "a non-consuming stream.tensor.import borrows caller-owned storage, and
local SSA last-use or one-use information does not prove that mutating the underlying storage is legal";
a clone protecting borrowed storage from a mutation is kept.

So in the output an execute that writes (a dispatch binding, fill or copy target) storage that is a
borrowed import breaks the contract: the caller's tensor changes under it. Only where copy-on-write
decided the program's copies: a pre-scheduled input (L2, any `stream.async.execute` in it) states its
in-place writes itself, and schedule-allocation is right to keep them. Writes through a callee's
argument are out of sight here (the storage is an `argument` there); L3's run checks the buffers
themselves (`abi.inputs_unchanged`).

An import into a `!stream.resource<transient>` is not such a buffer: it is the storage a caller hands over
for the call's transient allocations (an `iree.abi.transients` argument, imported so by the conversion of
`hal.tensor.transients`, HALToStream/Patterns.cpp ConvertTensorTransientsOp), which the program writes by
design ("raw storage for transient allocations"); it is exempt.
"""

from __future__ import annotations

from collections.abc import Iterator

from iree.compiler import ir

from .facts import Facts
from .rules import Rule, Violation

_IMPORT = "stream.tensor.import"


def borrowed_imports_unwritten(facts: Facts) -> Iterator[Violation]:
    if facts.intent is not None and facts.intent.prescheduled:
        return
    for access in facts.accesses:
        if access.kind != "write":
            continue
        for storage_id in sorted(access.storages):
            storage = facts.storage(storage_id)
            if storage.kind != "import" or _consumed(storage.value) or _transient_storage(storage.value):
                continue
            writes = tuple(u for u in access.uses if u.endswith(":w"))
            message = (
                f"{access.resource} is written ({', '.join(writes)}) by an execute, but its storage "
                f"{storage.name} is a borrowed import (no `consume`): the caller's buffer"
            )
            text = str(access.op).strip().splitlines()[0]
            yield Violation(
                rule=Rule.BORROWED,
                message=message,
                op=text if len(text) <= 240 else text[:237] + "...",
                location=str(access.op.location),
                resource=access.resource,
                consumers=tuple(sorted(access.devices or ())),
                placed_on=storage.affinity,
                # The signature is the rule at an execute on an import: which command writes (a fill, a
                # dispatch, a copy) and where the import is placed are the program's, not the cause's.
                op_name=access.op.name,
                storage_kind="import",
                storage=storage.name,
                placed_devices=tuple(sorted(storage.devices or ())),
                pinned=True,
                order=access.order,
            )


def _transient_storage(value: ir.Value) -> bool:
    """Is `value` an import of the caller's transient storage (its resource of `transient` lifetime)?"""
    owner = value.owner
    return isinstance(owner, ir.OpView) and owner.name == _IMPORT and "<transient>" in str(value.type)


def _consumed(value: ir.Value) -> bool:
    owner = value.owner
    return isinstance(owner, ir.OpView) and owner.name == _IMPORT and "consume" in owner.operation.attributes
