"""The package's modules import each other without cycles, and the analysis in layers.

Every import counts, those inside functions too (a lazy import hides a cycle, it does not remove
it); only imports under `if TYPE_CHECKING:` are left out.
"""

from __future__ import annotations

import ast
import functools
import pathlib

import jaxcheck

PACKAGE = pathlib.Path(jaxcheck.__file__).resolve().parent
# The analysis, bottom up: a layer imports only from the layers before it.
LAYERS = ["syntax", "values", "transforms", "interpret", "host", "effects", "keys", "crossmodule", "facts"]


def _modules() -> dict[str, pathlib.Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imports(tree: ast.AST):
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
            continue
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child
        yield from _imports(child)


@functools.cache  # both tests read one graph: the package parsed once
def _graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        deps: set[str] = set()
        for node in _imports(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                candidates = [f"{target}.{alias.name}" for alias in node.names] + [target]
            else:
                candidates = [alias.name for alias in node.names]
            for candidate in candidates:
                while candidate and candidate not in modules:
                    candidate = candidate.rpartition(".")[0]
                if candidate and candidate != name:
                    deps.add(candidate)
                    break
        graph[name] = deps
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_no_import_cycles():
    assert _cycles(_graph()) == []


def _layer(module: str) -> int | None:
    prefix = "jaxcheck.analysis."
    if not module.startswith(prefix):
        return None
    head = module[len(prefix):].split(".")[0]
    return LAYERS.index(head) if head in LAYERS else None


def test_the_analysis_imports_only_downwards():
    wrong = []
    for module, deps in _graph().items():
        layer = _layer(module)
        if layer is None:
            continue
        for dep in deps:
            other = _layer(dep)
            if other is not None and other > layer:
                wrong.append(f"{module} imports {dep}")
    assert wrong == []
