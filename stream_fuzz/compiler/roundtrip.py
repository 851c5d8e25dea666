"""Does the compiler's printed IR read back as the IR it printed?

Output that does not parse is one kind of bad output; output that parses as *other* IR is another, and
nothing else notices it: the re-read module prints the same text again (the custom syntax lost what
differs), so comparing printed texts says nothing. The generic form prints every operand and attribute
as stored, so the module and its re-reading are compared in that form.

One difference is representation only and is not reported: an op with no tied result stores its
`tied_operands` as `[]` or as one `-1` per result (`Util::TiedOpInterface::kUntiedIndex`), and IREE's
parsers write the second where passes built the first (`stream.async.execute`, `stream.async.concurrent`).

What it found: corpus/bad-output-tied-results-of-a-repeated-operand-read-back-tied-to-its-first-slot.mlir (a
dispatch whose two results are tied to two operand slots holding the same value prints the tie by the
value's name; the parser ties both results to its first slot).
"""

from __future__ import annotations

import re
from typing import Any

# `tied_operands = [-1 : index, -1 : index]`: no result tied, as the parsers store it; passes store `[]`.
_ALL_UNTIED = re.compile(r"tied_operands = \[(?:-1 : index(?:, )?)*\]")
_OP_NAME = re.compile(r'"([\w.$-]+)"\(')
_CLOSERS = {"(": ")", "[": "]", "{": "}", "<": ">"}


def generic(module: Any) -> str:
    """`module` in the generic form, the untied `tied_operands` spellings made one. (Printing assumes it
    verified: the worker verified it, and printing would verify it again.)"""
    return normalized(module.operation.get_asm(print_generic_op_form=True, assume_verified=True))


def normalized(text: str) -> str:
    """Generic-form `text` with every all-untied `tied_operands` spelled `[]`."""
    return _ALL_UNTIED.sub("tied_operands = []", text)


def reread_defect(ir: Any, context: Any, module: Any, printed: str, reread: Any = None) -> str:
    """The defect when `printed` (the custom form of `module`) reads back as other IR, else "". `reread`:
    `printed` already parsed (its parse errors are the caller's: a print that does not parse is the
    other kind of bad output)."""
    if reread is None:
        try:
            reread = ir.Module.parse(printed, context)
        except ir.MLIRError:
            return ""
    return difference(generic(module), generic(reread))


def differing_symbols(before: str, after: str) -> set[str]:
    """The names of the module's top-level ops (functions, globals) whose generic forms `before` and
    `after` differ in; "" stands for one without a name, or for every op when the two modules do not
    hold the same top-level ops."""
    old, new = _top_level(before), _top_level(after)
    if [name for name, _ in old] != [name for name, _ in new]:
        return {""} if before != after else set()
    return {name for (name, a), (_, b) in zip(old, new, strict=True) if a != b}


_SYM_NAME = re.compile(r'sym_name = "([^"]*)"')


def _top_level(text: str) -> list[tuple[str, str]]:
    """The top-level ops of a generic-form module (its lines indented by two spaces start them), each
    with its name."""
    ops: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("  ") and not line.startswith("   ") and not line.startswith("  }"):
            named = _SYM_NAME.search(line)
            ops.append((named.group(1) if named else "", []))
        if ops:
            ops[-1][1].append(line)
    return [(name, "\n".join(lines)) for name, lines in ops]


def difference(before: str, after: str) -> str:
    """How the generic form `after` (the re-reading) differs from `before` (what was printed), in words
    whose first clause names the kind of difference (the op and the attributes that differ; a finding's
    signature keeps that clause), or "" when they are the same."""
    if before == after:
        return ""
    old_lines, new_lines = before.splitlines(), after.splitlines()
    for old, new in zip(old_lines, new_lines, strict=False):
        if old != new:
            return _line_difference(old.strip(), new.strip())
    return f"the module reads back with {len(new_lines)} lines in generic form instead of {len(old_lines)}"


def _line_difference(old: str, new: str) -> str:
    op, other = _op_name(old), _op_name(new)
    if op != other:
        return f"{op or 'an op'} reads back as another op: printed {_short(old)}, read back {_short(new)}"
    old_attrs, new_attrs = _attributes(old), _attributes(new)
    names = sorted(k for k in old_attrs.keys() | new_attrs.keys() if old_attrs.get(k) != new_attrs.get(k))
    if names:
        said = "; ".join(
            f"{k} printed {old_attrs.get(k, '(none)')}, read back {new_attrs.get(k, '(none)')}" for k in names
        )
        return f"{op} reads back with other {' '.join(names)}: {_short(said)}"
    return f"{op} reads back with other operands or types: printed {_short(old)}, read back {_short(new)}"


def _op_name(line: str) -> str:
    found = _OP_NAME.search(line)
    return found.group(1) if found else ""


def _attributes(line: str) -> dict[str, str]:
    """The properties and attributes of one generic-form op line, by name: `"op"(operands) <{props}>
    {attrs} : types` (a line opening regions, `({`, has its attributes on the line that closes them)."""
    found = _OP_NAME.search(line)
    if not found:
        return {}
    index = found.end() - 1
    index += len(_balanced(line, index)) + 2  # past the operand list
    out: dict[str, str] = {}
    for opener in (" <{", " {"):
        if line.startswith(opener, index):
            body = _balanced(line, index + len(opener) - 1)
            for entry in _split_top_level(body):
                name, _, value = entry.partition(" = ")
                out[name.strip()] = value.strip() or "unit"
            index += len(opener) + len(body) + (2 if opener == " <{" else 1)
    return out


def _balanced(text: str, start: int) -> str:
    """The text inside the bracket at `text[start]`, up to its match (strings and `->` skipped)."""
    depth, index, quoted = 0, start, False
    while index < len(text):
        char = text[index]
        if quoted:
            if char == "\\":
                index += 1
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char == "-" and text[index + 1 : index + 2] == ">":
            index += 1
        elif char in _CLOSERS:
            depth += 1
        elif char in _CLOSERS.values():
            depth -= 1
            if depth == 0:
                return text[start + 1 : index]
        index += 1
    return text[start + 1 :]


def _split_top_level(body: str) -> list[str]:
    parts, depth, current, quoted, skip = [], 0, [], False, False
    for index, char in enumerate(body):
        if skip:
            skip = False
        elif quoted:
            quoted = char != '"' or body[index - 1] == "\\"
        elif char == '"':
            quoted = True
        elif char == "-" and body[index + 1 : index + 2] == ">":
            skip = True
            current.append(char)
            continue
        elif char in _CLOSERS:
            depth += 1
        elif char in _CLOSERS.values():
            depth -= 1
        elif char == "," and depth == 0:
            parts.append("".join(current))
            current = []
            continue
        current.append(char)
    if "".join(current).strip():
        parts.append("".join(current))
    return parts


def _short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
