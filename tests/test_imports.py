"""No import cycles: every arrow between our modules points one way.

Every module under ``bot/``, ``cogs/`` and ``rendering/`` is parsed with :mod:`ast`;
each ``import`` and ``from ... import`` counts, at module level and inside functions
alike (a function-level import is a cycle postponed, not removed).  Only imports
under ``if TYPE_CHECKING:`` are left out: they never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "rendering")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {
        module_name(p): p
        for package in PACKAGES
        for p in sorted((ROOT / package).rglob("*.py"))
        if ".venv" not in p.parts
    }


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


class _Imports(ast.NodeVisitor):
    def __init__(self, module: str, is_package: bool) -> None:
        self.module = module
        self.package = module if is_package else module.rpartition(".")[0]
        self.names: set[str] = set()

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self.names.add(alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.package.split(".")
            if node.level > 1:
                base = base[: len(base) - node.level + 1]
            prefix = ".".join(base)
            target = f"{prefix}.{node.module}" if node.module else prefix
        else:
            target = node.module or ""
        self.names.add(target)
        for alias in node.names:  # ``from pkg import module`` imports the module
            self.names.add(f"{target}.{alias.name}")


def import_graph() -> dict[str, set[str]]:
    """module -> the modules of ours it imports (a module's package counts too: importing
    ``a.b.c`` runs ``a/__init__`` and ``a/b/__init__`` first)."""
    modules = all_modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        visitor = _Imports(name, path.name == "__init__.py")
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        edges: set[str] = set()
        for target in visitor.names:
            parts = target.split(".")
            for i in range(1, len(parts) + 1):
                candidate = ".".join(parts[:i])
                if candidate in modules and candidate != name and not name.startswith(candidate + "."):
                    edges.add(candidate)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each as
    one cycle through it, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component: list[str] = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(_one_cycle(graph, set(component)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def _one_cycle(graph: dict[str, set[str]], component: set[str]) -> list[str]:
    """A shortest cycle through the component's first module (breadth-first)."""
    start = min(component)
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v] & component):
            if w == start:
                return [*paths[v], start]
            if w not in paths:
                paths[w] = [*paths[v], w]
                queue.append(w)
    return sorted(component)  # pragma: no cover - a component always has a cycle


def test_the_graph_sees_function_level_and_relative_imports() -> None:
    """The checker itself: an import inside a function and a relative import both count,
    an import under ``if TYPE_CHECKING:`` does not."""
    visitor = _Imports("pkg.mod", False)
    visitor.visit(ast.parse(
        "from typing import TYPE_CHECKING\n"
        "from . import sibling\n"
        "if TYPE_CHECKING:\n"
        "    import pkg.hidden\n"
        "def f():\n"
        "    from .other import thing\n"
    ))
    assert {"pkg.sibling", "pkg.other"} <= visitor.names
    assert "pkg.hidden" not in visitor.names
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


def test_no_import_cycles_outside_the_engine() -> None:
    """An arrow always points down: cogs -> tables -> engine/store/rendering, and no
    module of ``bot``, ``cogs`` or ``rendering`` reaches itself again."""
    found = [c for c in cycles(import_graph()) if not all(m.startswith("bot.engine") for m in c)]
    assert found == [], "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_no_import_cycles_in_the_engine() -> None:
    """The engine's modules form no cycle either."""
    found = [c for c in cycles(import_graph()) if all(m.startswith("bot.engine") for m in c)]
    assert found == [], "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)
