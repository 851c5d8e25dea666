"""`placement/pinned-global`: work on a value loaded from an immutable global runs where the global lives.

An immutable `util.global` with an initial value is made once, by its initializer, on one device (or a set):
the `stream.affinity` the program gives the global, else where IREE put what the initializer stores (its
affinity analysis follows the stored value; the output names it on the storage's alloca or constants).
A `util.global.load` of it names no device, so `placement/read` cannot judge the loads; this rule does: an
execute on D that dispatches on, fills or collects into the loaded storage needs it to be usable by D
(placed there, or linked by `stream.topology`). A copy out of it is how the value is transferred to
another device (a transfer of a constant runs on its source, `AsyncTransferOp::
getDefaultExecutionAffinityAttr`, and a pull on the reader is placement/read's business for other storage),
so copies that read it are not judged; writes of any kind are, the global being immutable.
"""

from __future__ import annotations

from collections.abc import Iterator

from iree.compiler import ir

from .affinity import Devices, devices_of
from .facts import Facts, Storage
from .rules import Rule, Violation


def pinned_globals_used_in_place(facts: Facts) -> Iterator[Violation]:
    homes = _homes(facts)
    for access in facts.accesses:
        if access.execute is None or access.devices is None or access.kind not in ("read", "write"):
            continue
        work = tuple(use for use in access.uses if not use.startswith("copy:") or use.endswith(":w"))
        if not work:
            continue
        for storage_id in sorted(access.storages):
            storage = facts.storage(storage_id)
            home = homes.get(_global_of(storage) or "")
            if home is None:
                continue
            devices, said = home
            for device in sorted(d for d in access.devices if not facts.topology.serves(devices, d)):
                text = str(access.op).strip().splitlines()[0]
                yield Violation(
                    rule=Rule.PINNED_GLOBAL,
                    message=(
                        f"{access.resource} is loaded from immutable global @{_global_of(storage)} on {said} "
                        f"but an execute on @{device} works on it in place ({', '.join(work)})"
                    ),
                    op=text if len(text) <= 240 else text[:237] + "...",
                    location=str(access.op.location),
                    resource=access.resource,
                    consumers=tuple(sorted(access.devices)),
                    placed_on=said,
                    op_name=access.op.name,
                    storage_kind="global",
                    storage=storage.name,
                    placed_devices=tuple(sorted(devices)),
                    uses=work,
                    pinned=True,
                    order=access.order,
                )


def _homes(facts: Facts) -> dict[str, tuple[Devices, str]]:
    """Each immutable global's devices and how they are written: its `stream.affinity`, else the
    affinity of every storage stored in it (not judged when one of them has none)."""
    homes: dict[str, tuple[Devices, str]] = {}
    for name, pin in facts.immutable_globals.items():
        if pin is not None:
            devices = devices_of(pin)
            if devices is not None:
                homes[name] = (devices, str(pin))
            continue
        stored = [facts.storage(s) for s in sorted(facts.global_stores.get(name, ()))]
        if stored and all(s.devices is not None for s in stored):
            devices = frozenset().union(*(s.devices or () for s in stored))
            homes[name] = (devices, " | ".join(sorted({s.affinity for s in stored})))
    return homes


def _global_of(storage: Storage) -> str | None:
    owner = storage.value.owner
    if storage.kind != "global" or isinstance(owner, ir.Block):
        return None
    return ir.FlatSymbolRefAttr(owner.attributes["global"]).value
