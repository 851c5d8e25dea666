"""Which devices an affinity attribute names, and whether memory on some devices serves another.

The bindings expose HAL affinity attributes only as opaque `ir.Attribute`s, so the device symbols are read
from the attribute's own printed form. That form is small and fixed (`#hal.device.affinity<@d, [0]>`,
`#hal.device.promise<@d>`, `#hal.device.optimal<[...]>`, possibly nested), so a symbol scan is exact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from iree.compiler import ir

_DEVICE_REF = re.compile(r"#hal\.device\.(?:affinity|promise)<@([\w$.-]+)")
_LINK = re.compile(r"\(@([\w$.-]+)\s*->\s*@([\w$.-]+)\s*=\s*\{([^}]*)\}\)")
_SHARING = ("unified_memory", "transparent_access")

Devices = frozenset[str]


def devices_of(attr: ir.Attribute | None) -> Devices | None:
    """Device symbols named by an affinity; an optimal names the union of its members. None: no affinity."""
    if attr is None:
        return None
    found = frozenset(_DEVICE_REF.findall(str(attr)))
    return found or None


@dataclass(frozen=True)
class Topology:
    """Directed links from `stream.topology`: (owner, reader) pairs where reader may use owner's memory."""

    sharing: frozenset[tuple[str, str]] = field(default_factory=frozenset)

    @staticmethod
    def of_module(module: ir.Module) -> Topology:
        attrs = module.operation.attributes
        if "stream.topology" not in attrs:
            return Topology()
        links = set()
        for owner, reader, props in _LINK.findall(str(attrs["stream.topology"])):
            if any(f"{name} = true" in props or props.strip() == name for name in _SHARING):
                links.add((owner, reader))
        return Topology(frozenset(links))

    def serves(self, placed_on: Devices, consumer: str) -> bool:
        """Memory allocated for `placed_on` is usable by `consumer`."""
        return consumer in placed_on or any((owner, consumer) in self.sharing for owner in placed_on)
