"""The package's layers, read from its source with `ast`: no import cycle, and each module imports only
its own layer or lower ones.

    generators, oracles  <  compiler  <  judge  <  corpus  <  fleet  <  campaign, triage  <  cli

A module's layer is set in `LAYER_OF`, the one place to update when modules move. A module missing from it
fails the test, so a new module gets classified when it is written. Every import counts, including those
inside functions (they run too, only later); modules loaded by name at run time (the worker's hooks) are
not seen.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Where each import package's source lives (setup.py maps the two top-level folders into stream_fuzz).
SOURCES = {"stream_fuzz": ROOT / "stream_fuzz", "stream_fuzz.generators": ROOT / "generators",
           "stream_fuzz.oracles": ROOT / "oracles"}  # fmt: skip

# Lowest first; a module may import its own layer or any layer of a lower rank.
RANK = {"base": 0, "generators": 0, "oracles": 0, "compiler": 1, "judge": 2, "corpus": 3, "fleet": 4,
        "campaign": 5, "triage": 5, "cli": 6}  # fmt: skip

# Module -> layer. A key ending in ".*" is a package with everything under it; any other key is one module.
LAYER_OF = {
    "stream_fuzz": "base",  # the package's __init__: holds early signals
    "stream_fuzz.interrupts": "base",
    "stream_fuzz.timeline": "base",  # a data structure the campaign fills and the fleet stores
    "stream_fuzz.generators.*": "generators",
    "stream_fuzz.oracles.*": "oracles",
    "stream_fuzz.compiler.*": "compiler",
    "stream_fuzz.judge.*": "judge",
    "stream_fuzz.corpus.*": "corpus",
    "stream_fuzz.fleet.*": "fleet",
    "stream_fuzz.campaign.*": "campaign",
    "stream_fuzz.dashboard.*": "campaign",  # the campaign's and the fleet's reports
    "stream_fuzz.triage.*": "triage",
    "stream_fuzz.cli.*": "cli",
}


def modules(sources: Mapping[str, Path]) -> dict[str, Path]:
    """Every module's dotted name and file (a package is its __init__.py)."""
    found = {}
    for package, folder in sources.items():
        for path in sorted(folder.rglob("*.py")):
            parts = [package, *path.relative_to(folder).with_suffix("").parts]
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(known: Mapping[str, Path]) -> dict[str, set[str]]:
    """Module -> the package modules it imports (`from m import name` counts as `m.name` when that is a
    module, else as `m`)."""

    def resolve(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for module, path in known.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        targets: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets.update(resolve(alias.name) for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: `from ..x import y` climbs level - 1 packages
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, *([node.module] if node.module else [])])
                targets.update(resolve(f"{base}.{alias.name}") for alias in node.names)
        graph[module] = {target for target in targets if target and target != module}
    return graph


def layer_of(module: str, layers: Mapping[str, str]) -> str | None:
    if module in layers:
        return layers[module]
    parts = module.split(".")
    for cut in range(len(parts), 0, -1):
        layer = layers.get(".".join(parts[:cut]) + ".*")
        if layer:
            return layer
    return None


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def problems(sources: Mapping[str, Path], layers: Mapping[str, str]) -> list[str]:
    """Each unclassified module, upward import and cycle, as a line that names the modules."""
    graph = imports(modules(sources))
    unclassified = [module for module in graph if not layer_of(module, layers)]
    lines = [f"{module}: not in LAYER_OF (give it a layer)" for module in unclassified]
    for module, targets in sorted(graph.items()):
        here = layer_of(module, layers)
        for target in sorted(targets):
            there = layer_of(target, layers)
            if here and there and RANK[there] > RANK[here]:
                lines.append(f"{module} ({here}) imports {target} ({there}), a higher layer")
    for component in cycles(graph):
        edges = [f"{a} -> {b}" for a in component for b in sorted(graph[a]) if b in component]
        lines.append("import cycle: " + "; ".join(edges))
    return lines


def test_layers_import_only_downward_and_without_cycles() -> None:
    found = problems(SOURCES, LAYER_OF)
    assert not found, "\n".join(found)


def test_every_layer_in_the_mapping_has_a_rank() -> None:
    assert set(LAYER_OF.values()) <= set(RANK), set(LAYER_OF.values()) - set(RANK)


def test_the_check_names_an_upward_import_a_cycle_and_an_unclassified_module(tmp_path: Path) -> None:
    """The checker itself, on a small package: it must see relative and function-level imports."""
    package = tmp_path / "pkg"
    (package / "low").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "low" / "__init__.py").write_text("")
    (package / "low" / "a.py").write_text("def f():\n    from ..high import g\n")  # upward, in a function
    (package / "high.py").write_text("from .low import a\nimport pkg.stray\n")  # closes a cycle with low.a
    (package / "stray.py").write_text("")
    layers = {"pkg": "base", "pkg.low.*": "compiler", "pkg.high": "cli"}
    assert problems({"pkg": package}, layers) == [
        "pkg.stray: not in LAYER_OF (give it a layer)",
        "pkg.low.a (compiler) imports pkg.high (cli), a higher layer",
        "import cycle: pkg.high -> pkg.low.a; pkg.low.a -> pkg.high",
    ]
