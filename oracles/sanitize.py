"""Read printed IR the current bindings reject: older releases' executables, and known print defects.

- Older releases print executable bodies (`stream.executable`, `hal.executable`) whose inner ops the current
  parser may reject. Placement does not depend on what is inside them, so their bodies are emptied. That is
  version drift, not a defect of the compiler that printed them. Ops whose syntax changed since (e.g.
  `util.buffer.constant`'s alignment) are respelled, for the same reason.
- Some releases print `#hal.device.optimal` nested in another optimal, which `DeviceOptimalAttr::verify`
  rejects ("can only select between HAL affinity attrs"): the compiler's own output does not re-parse.
  The device set is still right, so the members are flattened to judge placement; the reading reports the
  defect, and the finding stays a bad-output finding.
- Every release prints `stream.resources` with `alias_mutable_bindings = 1` (a bool streamed as a number) and
  `stream.partitioning` as `<favor-max-concurrency>`, where the parsers want `true` and `<"max-concurrency">`.
  They are spelled as the parsers want, with the same effect as the nested optimals.

Only text edits the bindings cannot do are made here, each on a construct the parser refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from iree.compiler import ir

_EXECUTABLE_HEADS = ("stream.executable", "hal.executable")
_OPTIMAL = "#hal.device.optimal<["


@dataclass(frozen=True)
class Reading:
    """A parsed module, and the parser's complaint about the text as printed when it had to be repaired
    (empty when the text parsed as it is, or needed only version-drift edits)."""

    module: ir.Module
    defect: str = ""


def parse_compiled(text: str, context: ir.Context) -> ir.Module:
    """Parse compiled IR, undoing version drift if needed (executable bodies emptied, older spellings
    respelled). Raises `ir.MLIRError`."""
    try:
        return ir.Module.parse(text, context)
    except ir.MLIRError:
        stripped = respell_older_syntax(strip_executable_bodies(text))
        if stripped == text:
            raise
        return ir.Module.parse(stripped, context)


# Releases up to 3.12 print `util.buffer.constant {alignment = 64 : index}`, which 3.13's parser refuses
# ("inherent attribute 'alignment' cannot be parsed from attr-dict"); 3.13 prints `<alignment = 64>`.
_BUFFER_ALIGNMENT = re.compile(r'(util\.buffer\.constant(?: "[^"]*")?) \{alignment = (\d+) : index\}')


def respell_older_syntax(text: str) -> str:
    """Older releases' spellings of ops whose syntax changed since, as the current parser wants them."""
    return _BUFFER_ALIGNMENT.sub(r"\1 <alignment = \2>", text)


def read_compiled(text: str, context: ir.Context) -> Reading:
    """Parse compiled IR, repairing known print defects. Raises `ir.MLIRError` when nothing helps (the
    error is the one for the text as given)."""
    try:
        return Reading(parse_compiled(text, context))
    except ir.MLIRError as error:
        try:
            repaired = repair_print_defects(text)
        except ValueError:  # not even balanced: nothing to repair
            raise error from None
        if repaired == text:
            raise
        try:
            module = parse_compiled(repaired, context)
        except ir.MLIRError:
            raise error from None
        return Reading(module, _first_error(error))


def _first_error(error: ir.MLIRError) -> str:
    for diagnostic in getattr(error, "error_diagnostics", ()):
        return f"{diagnostic.location}: {diagnostic.message}"
    return str(error).strip().splitlines()[-1]


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


def repair_print_defects(text: str) -> str:
    """The text as a compiler without the known print defects would have printed it."""
    text = _PARTITIONING.sub(r'#stream.partitioning_config<"\1">', text)
    text = _ALIAS_BOOL.sub(lambda m: f"alias_mutable_bindings = {'true' if m[1] == '1' else 'false'}", text)
    return flatten_nested_optimals(text)


_PARTITIONING = re.compile(r"#stream\.partitioning_config<favor-([\w-]+)>")
_ALIAS_BOOL = re.compile(r"(?<=[{ ,])alias_mutable_bindings = ([01])\b")


def flatten_nested_optimals(text: str) -> str:
    """`#hal.device.optimal<[a, #hal.device.optimal<[b, a]>]>` -> `#hal.device.optimal<[a, b]>`."""
    out: list[str] = []
    position = 0
    while (start := text.find(_OPTIMAL, position)) >= 0:
        end = _closing(text, start + len(_OPTIMAL) - 1)  # index of the `]` closing the member list
        out.append(text[position:start])
        members = list(dict.fromkeys(_members(text[start + len(_OPTIMAL) : end])))
        out.append(_OPTIMAL + ", ".join(members) + "]>")
        position = end + 2  # past `]>`
    out.append(text[position:])
    return "".join(out)


def _members(inner: str) -> list[str]:
    """The affinities in an optimal's member list, with nested optimals spliced in."""
    members: list[str] = []
    for item in _split_top_level(inner):
        if item.startswith(_OPTIMAL):
            members.extend(_members(item[len(_OPTIMAL) : _closing(item, len(_OPTIMAL) - 1)]))
        else:
            members.append(item)
    return members


def _closing(text: str, open_index: int) -> int:
    """Index of the bracket closing the one at `open_index` (`[`, `<`, `(` or `{`)."""
    depth = 0
    for i in range(open_index, len(text)):
        if text[i] in "[<({":
            depth += 1
        elif text[i] in "]>)}":
            depth -= 1
            if depth == 0:
                return i
    raise ValueError("unbalanced brackets in an affinity attribute")


def _split_top_level(inner: str) -> list[str]:
    items, depth, start = [], 0, 0
    for i, char in enumerate(inner):
        if char in "[<({":
            depth += 1
        elif char in "]>)}":
            depth -= 1
        elif char == "," and depth == 0:
            items.append(inner[start:i].strip())
            start = i + 1
    items.append(inner[start:].strip())
    return [item for item in items if item]
