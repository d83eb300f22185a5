"""The import graph keeps its layers (issue 10): rules packages import only the ruleset interface, the picture
model, the geometry and the kit; and no two modules import each other, lazy imports included (a lazy cycle is
a cycle the first call closes). Imports under `if TYPE_CHECKING:` never run and are left out."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("campaign", "games")
RULES_MAY_IMPORT = (
    "campaign.ruleset",
    "campaign.refusals",
    "campaign.picture",
    "campaign.hexgrid",
    "campaign.kit",
    "campaign.table",
)
"""What a package under games/ may import from the core: never the store, mail, the CLI or the renderer."""


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for top in PACKAGES:
        for path in sorted((ROOT / top).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The longest prefix of a dotted name that is one of our modules."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in modules:
            return ".".join(parts)
        parts.pop()
    return None


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: module level and inside functions, not under TYPE_CHECKING."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _targets(module: str, path: Path, node: ast.Import | ast.ImportFrom, modules: dict[str, Path]) -> list[str]:
    """The modules of ours one import statement loads (for `from X import a`, X.a when a is a module)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = node.module or ""
        if node.level:
            package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
            package = package[: len(package) - (node.level - 1)]
            base = ".".join([*package, base] if base else package)
        names = [f"{base}.{a.name}" for a in node.names] or [base]
    found = {t for n in names if (t := _resolve(n, modules)) is not None and t != module}
    return sorted(found)


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in _imports(tree):
            graph[module].update(_targets(module, path, node, modules))
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


def test_rules_packages_import_only_the_core_parts_meant_for_them() -> None:
    graph = _graph()
    bad = {
        (m, t)
        for m, targets in graph.items()
        if m.startswith("games.")
        for t in targets
        if t.startswith("campaign")
        and not any(t == a or t.startswith(a + ".") for a in RULES_MAY_IMPORT)
        and t != "campaign"
    }
    assert not bad, f"rules code imports core modules it must not: {sorted(bad)}"


def test_no_import_cycle_in_campaign_or_games_lazy_imports_included() -> None:
    assert _cycles(_graph()) == []


def test_the_cycle_finder_finds_a_lazy_cycle() -> None:
    """The check above would pass on any graph if the finder were broken: a made-up lazy cycle is found."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    tree = ast.parse("def f():\n    from . import x\nif TYPE_CHECKING:\n    import y\n")
    assert [type(n).__name__ for n in _imports(tree)] == ["ImportFrom"]
