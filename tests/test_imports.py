"""No import cycles: every arrow between our modules points one way.

Every module under ``bot/``, ``cogs/``, ``rendering/`` and ``tools/`` is parsed with
:mod:`ast`; each ``import`` and ``from ... import`` counts, at module level, inside
functions and under ``if TYPE_CHECKING:`` alike (a function-level import is a cycle
postponed, not removed; a type-only import is an arrow a reader follows all the same:
where a lower module must see a higher one, it names a ``Protocol`` of its own).

The layers: ``bot`` (the runtime: the engine, the store, the tables, the pictures'
scenes) imports nothing of discord and nothing of ``cogs``; ``cogs`` (the Discord side:
``cogs.ui`` and the slash commands) sits on top; ``bot.app`` and ``bot.__main__`` build
the Discord client out of both (the composition root); ``tools`` (the catalog tool) is
imported by nothing of the bot.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "cogs", "rendering", "tools")
#: The composition root: the modules that build the Discord client from the runtime and
#: the Discord side (``TarokyBot``, its entry point).
COMPOSITION_ROOT = ("bot.app", "bot.__main__")


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
    def __init__(self, module: str, is_package: bool, *, type_checking: bool = True) -> None:
        self.module = module
        self.package = module if is_package else module.rpartition(".")[0]
        self.names: set[str] = set()
        self.type_checking = type_checking  # count imports under ``if TYPE_CHECKING:``

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test) and not self.type_checking:
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


def external_imports(module: str) -> set[str]:
    """The top-level names of everything ``module`` imports (``discord``, ``bot``, ...)."""
    path = all_modules()[module]
    visitor = _Imports(module, path.name == "__init__.py")
    visitor.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return {name.split(".")[0] for name in visitor.names}


def import_graph(*, type_checking: bool = True) -> dict[str, set[str]]:
    """module -> the modules of ours it imports (a module's package counts too: importing
    ``a.b.c`` runs ``a/__init__`` and ``a/b/__init__`` first); ``type_checking=False``
    leaves the imports under ``if TYPE_CHECKING:`` out (those that run only)."""
    modules = all_modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        visitor = _Imports(name, path.name == "__init__.py", type_checking=type_checking)
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


def test_the_graph_sees_function_level_relative_and_type_checking_imports() -> None:
    """The checker itself: an import inside a function, a relative import and an import
    under ``if TYPE_CHECKING:`` all count."""
    visitor = _Imports("pkg.mod", False)
    visitor.visit(ast.parse(
        "from typing import TYPE_CHECKING\n"
        "from . import sibling\n"
        "if TYPE_CHECKING:\n"
        "    import pkg.hidden\n"
        "def f():\n"
        "    from .other import thing\n"
    ))
    assert {"pkg.sibling", "pkg.other", "pkg.hidden"} <= visitor.names
    running = _Imports("pkg.mod", False, type_checking=False)
    running.visit(ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import pkg.hidden\n"))
    assert "pkg.hidden" not in running.names
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]


def test_no_import_cycles_outside_the_engine() -> None:
    """An arrow always points down: cogs -> tables -> engine/store/rendering, and no
    module of ``bot``, ``cogs``, ``rendering`` or ``tools`` reaches itself again, counting
    the imports under ``TYPE_CHECKING`` too."""
    found = [c for c in cycles(import_graph()) if not all(m.startswith("bot.engine") for m in c)]
    assert found == [], "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_no_import_cycles_in_the_engine() -> None:
    """The engine's modules form no cycle either (of the imports that run)."""
    graph = import_graph(type_checking=False)
    found = [c for c in cycles(graph) if all(m.startswith("bot.engine") for m in c)]
    assert found == [], "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


@pytest.mark.xfail(strict=True, reason="bot.engine.recording sees bot.engine.game under TYPE_CHECKING, "
                                       "and game imports recording in game.to_record (the engine's own work)")
def test_no_type_only_import_cycles_in_the_engine() -> None:
    """Nor of the type-only imports (once the engine's last one is gone, this passes and
    the strict xfail fails: remove the mark)."""
    found = [c for c in cycles(import_graph()) if all(m.startswith("bot.engine") for m in c)]
    assert found == [], "import cycles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_the_runtime_imports_nothing_of_discord_or_the_cogs() -> None:
    """``bot`` is the runtime: no module of it but the composition root imports discord
    or anything of ``cogs`` (the Discord side), nor the catalog tool."""
    found = {
        module: sorted(external_imports(module) & {"discord", "cogs", "tools"})
        for module in all_modules()
        if module.split(".")[0] == "bot" and module not in COMPOSITION_ROOT
    }
    found = {m: names for m, names in found.items() if names}
    assert found == {}, "the runtime imports the Discord side:\n" + "\n".join(
        f"{m}: {', '.join(names)}" for m, names in sorted(found.items()))


def test_nothing_of_the_bot_imports_the_catalog_tool() -> None:
    """``tools.catalogs`` reads the code and the commands; nothing the bot runs imports it."""
    graph = import_graph()
    users = sorted(m for m, edges in graph.items()
                   if not m.startswith("tools") and any(e.startswith("tools") for e in edges))
    assert users == []
