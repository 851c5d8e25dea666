"""Textual pass pipelines: `builtin.module(a,b{x=1},func.func(c))`, taken apart and put back together.

This is the pipeline syntax of MLIR's pass manager, not IR: the bindings have no reader for it.
"""

from __future__ import annotations

import re

from .pass_plan import MODULE, BisectError


def split_top_level(text: str) -> list[str]:
    """Split `a,b{x=1,y=2},c(d,e)` at the commas outside (), {} and []."""
    items, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in "({[":
            depth += 1
        elif char in ")}]":
            depth -= 1
        elif char == "," and depth == 0:
            items.append(text[start:i].strip())
            start = i + 1
    tail = text[start:].strip()
    if tail:
        items.append(tail)
    return [item for item in items if item]


def unwrap(pipeline: str, anchor: str = MODULE) -> str:
    """`builtin.module(a,b)` -> `a,b`."""
    pipeline = pipeline.strip()
    if not (pipeline.startswith(anchor + "(") and pipeline.endswith(")")):
        raise BisectError(f"not a {anchor}(...) pipeline: {pipeline[:80]!r}")
    return pipeline[len(anchor) + 1 : -1]


def pass_name(item: str) -> str:
    """`canonicalize{max-iterations=10}` -> `canonicalize`; `stream.executable(x)` -> `stream.executable`."""
    return re.split(r"[{(]", item, maxsplit=1)[0].strip()


def is_nest(item: str) -> bool:
    """An op-anchored nest like `stream.executable(...)` rather than a pass (with or without options)."""
    name = pass_name(item)
    return item[len(name) :].lstrip().startswith("(")


def nest_inner(item: str) -> str:
    return unwrap(item, pass_name(item))


def option(item: str, key: str) -> str | None:
    """The value of `key=` in a pass's `{...}` options (values may hold nested brackets)."""
    options = item[len(pass_name(item)) :].strip()
    if not options.startswith("{"):
        return None
    body, depth, start = options[1:-1], 0, 0
    for i, char in enumerate(body + " "):
        if char in "({[":
            depth += 1
        elif char in ")}]":
            depth -= 1
        elif char == " " and depth == 0:
            name, _, value = body[start:i].partition("=")
            if name == key:
                return value
            start = i + 1
    return None


def wrap(body: str) -> str:
    return f"{MODULE}({body})"
