"""Calls compiled into the user's flagged code, so that no trace function runs for other code.

On Python 3.11 a global trace function (``sys.settrace``) slows every frame of the process, JAX's
own Python included: on a training loop that splits keys eagerly it cost 11-15 % per step even
when it returned at once for every uninteresting frame. Instead, the files that hold findings are
compiled with two extra calls, both resolved through ``builtins`` (so no module namespace
changes) and both no-ops while no watcher is attached:

- ``__jaxcheck_line__(path, lines)`` before each statement whose head holds flagged lines (and
  again at the top of a loop's body when the loop's header is flagged, once per iteration);
- ``__jaxcheck_call__()`` at the top of each function whose source spans a flagged line;
- a flagged simple statement runs inside ``try``/``except BaseException``, whose handler calls
  ``__jaxcheck_raised__(path, lines)`` and re-raises: an exception passing it is seen even when
  the program catches it.

Line numbers, names and closures stay as they were. Files get the calls three ways: the script
that ``jaxcheck run`` starts is compiled here (``script_code``); modules imported while a watcher
is attached go through a finder placed before the standard path finder (``install``); modules
already imported get their functions' ``__code__`` replaced by the compiled twin (same qualified
name and first line), and given back on ``uninstall``. Modules that pytest loaded with its
assertion rewriting keep it: the rewriting runs first, then the calls are added.
"""

from __future__ import annotations

import ast
import builtins
import importlib.machinery
import os
import pathlib
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

LINE, CALL, RAISED = "__jaxcheck_line__", "__jaxcheck_call__", "__jaxcheck_raised__"
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)

_watchers: list[Any] = []  # objects with on_line(path, lines), on_raised(path, lines, error), on_call(frame)


def _line(path: str, lines: tuple[int, ...]) -> None:
    for watcher in _watchers:
        watcher.on_line(path, lines)


def _raised(path: str, lines: tuple[int, ...]) -> None:
    error = sys.exc_info()[1]
    for watcher in _watchers:
        watcher.on_raised(path, lines, error)


def _call() -> None:
    if _watchers:
        frame = sys._getframe(1)
        for watcher in _watchers:
            watcher.on_call(frame)


def _head(node: ast.stmt) -> range:
    """The lines of a statement that run before its body: all of a simple statement."""
    first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
    bodies = [getattr(node, name) for name in ("body", "handlers", "cases") if isinstance(getattr(node, name, None), list)]
    inner = [n.lineno for block in bodies for n in block if hasattr(n, "lineno")]
    last = min(inner) - 1 if inner else (node.end_lineno or node.lineno)
    return range(first, max(first, last) + 1)


def _hit(name: str, where: ast.stmt, *args: Any) -> ast.stmt:
    call = ast.Expr(ast.Call(ast.Name(name, ast.Load()), [ast.Constant(a) for a in args], []))
    for node in ast.walk(call):  # each node placed at ``where``: other nodes' locations stay as they are
        ast.copy_location(node, where)
    return call


def _guarded(node: ast.stmt, path: str, head: tuple[int, ...]) -> ast.stmt:
    """``try: node`` / ``except BaseException: __jaxcheck_raised__(path, head); raise``: an
    exception passing a flagged simple statement is seen even when the program catches it (a bare
    ``raise`` keeps the traceback as it was)."""
    handler = ast.ExceptHandler(ast.Name("BaseException", ast.Load()), None, [_hit(RAISED, node, path, head), ast.Raise()])
    guarded = ast.Try([node], [handler], [], [])
    for part in (guarded, handler, handler.type, handler.body[1]):
        ast.copy_location(part, node)
    return guarded


def _is_hit(node: ast.stmt) -> bool:
    call = node.value if isinstance(node, ast.Expr) else None
    return isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in (LINE, CALL, RAISED)


def _block(block: list[ast.stmt], path: str, lines: frozenset[int], owner: ast.AST) -> list[ast.stmt]:
    out: list[ast.stmt] = []
    for index, node in enumerate(block):
        if _is_hit(node):  # a loop's per-iteration call, added with its header
            out.append(node)
            continue
        head = tuple(n for n in _head(node) if n in lines)
        docstring = index == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        future = isinstance(node, ast.ImportFrom) and node.module == "__future__"
        if head and not docstring and not future:
            out.append(_hit(LINE, node, path, head))
            if isinstance(node, _LOOPS):
                node.body.insert(0, _hit(LINE, node.body[0], path, head))
            if not hasattr(node, "body") and not isinstance(node, (ast.Global, ast.Nonlocal)):
                node = _guarded(node, path, head)
        out.append(node)
    if isinstance(owner, _FUNCTIONS) and any(n in lines for n in range(_head(owner)[0], (owner.end_lineno or 0) + 1)):
        at = 1 if isinstance(block[0], ast.Expr) and isinstance(block[0].value, ast.Constant) else 0
        out.insert(at, _hit(CALL, out[min(at, len(out) - 1)]))
    return out


def add_calls(tree: ast.Module, path: str, lines: frozenset[int]) -> ast.Module:
    """``tree`` with the calls added (in place) for the flagged ``lines`` of ``path``."""
    for node in list(ast.walk(tree)):
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                setattr(node, name, _block(block, path, lines, node if name == "body" else tree))
    return tree


def compile_with_calls(source: str | bytes, path: str, lines: frozenset[int], rewrite: Callable[[ast.Module], None] | None = None) -> types.CodeType | None:
    """The module's code with the calls, or None when it cannot be parsed (it then runs unwatched)."""
    try:
        tree = ast.parse(source, path)
        if rewrite is not None:
            rewrite(tree)
        return compile(add_calls(tree, path, lines), path, "exec", dont_inherit=True)
    except (SyntaxError, ValueError, TypeError, RecursionError):
        return None


def script_code(path: str, lines: frozenset[int]) -> types.CodeType | None:
    try:
        source = pathlib.Path(path).read_bytes()
    except OSError:
        return None
    return compile_with_calls(source, path, lines)


class _Loader(importlib.machinery.SourceFileLoader):
    """Compiles a flagged module with the calls; writes no bytecode cache (it would hold them)."""

    lines: frozenset[int] = frozenset()

    def get_code(self, fullname: str) -> types.CodeType | None:
        code = compile_with_calls(self.get_data(self.path), self.path, self.lines)
        return code if code is not None else super().get_code(fullname)


class _Finder:
    """Finds flagged modules as the path finder would, and loads them with ``_Loader``."""

    def __init__(self) -> None:
        self.flagged: dict[str, frozenset[int]] = {}
        self.names: set[str] = set()  # the flagged files' names: most modules are told apart by them

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not spec.origin or type(spec.loader) is not importlib.machinery.SourceFileLoader:
            return spec  # what the path finder, next in line, would return: found once, not twice
        if os.path.basename(spec.origin) not in self.names:
            return spec
        lines = self.flagged.get(str(pathlib.Path(spec.origin).resolve()))
        if lines is None:
            return spec
        loader = _Loader(fullname, spec.origin)
        loader.lines = lines
        spec.loader = loader
        return spec


_finder = _Finder()
_swapped: list[tuple[types.FunctionType, types.CodeType]] = []
_holders = 0
_compiled: dict[tuple[str, frozenset[int], bytes], types.CodeType | None] = {}


def install(flagged: dict[str, frozenset[int]], watcher: Any) -> None:
    """Attach ``watcher``; the first attachment adds the calls to the flagged files."""
    global _holders
    if not hasattr(builtins, LINE):  # kept for good: code compiled with the calls may outlive a run
        setattr(builtins, LINE, _line)
        setattr(builtins, CALL, _call)
    if not hasattr(builtins, RAISED):
        setattr(builtins, RAISED, _raised)
    new = {path: lines for path, lines in flagged.items() if _finder.flagged.get(path) != lines}
    _finder.flagged.update(new)
    _finder.names.update(os.path.basename(path) for path in new)
    if _finder not in sys.meta_path:
        index = sys.meta_path.index(importlib.machinery.PathFinder) if importlib.machinery.PathFinder in sys.meta_path else 0
        sys.meta_path.insert(index, _finder)
    if new:
        _swap_loaded(new)
    _holders += 1
    _watchers.append(watcher)


def uninstall(watcher: Any) -> None:
    """Detach ``watcher``; the last detachment gives the loaded functions their code back."""
    global _holders
    if watcher in _watchers:
        _watchers.remove(watcher)
        _holders -= 1
    if _holders > 0:
        return
    if _finder in sys.meta_path:
        sys.meta_path.remove(_finder)
    _finder.flagged.clear()
    _finder.names.clear()
    for function, code in reversed(_swapped):
        function.__code__ = code
    _swapped.clear()


def _swap_loaded(flagged: dict[str, frozenset[int]]) -> None:
    names = {os.path.basename(path) for path in flagged}
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None)
        if not isinstance(file, str) or os.path.basename(file) not in names:  # resolve only the few that may match
            continue
        path = str(pathlib.Path(file).resolve())
        lines = flagged.get(path)
        if lines is None:
            continue
        try:
            source = pathlib.Path(file).read_bytes()
        except OSError:
            continue
        key = (file, lines, source)
        if key not in _compiled:  # the pytest plugin attaches a watcher per test: compile once
            _compiled[key] = compile_with_calls(source, file, lines, _pytest_rewrite(module, source, file))
        code = _compiled[key]
        if code is None:
            continue
        twins = dict(_codes(code))
        for function in set(_functions(vars(module), file, module.__name__)):
            twin = twins.get((function.__code__.co_qualname, function.__code__.co_firstlineno))
            if twin is not None and twin.co_freevars == function.__code__.co_freevars and _has_calls(twin):
                _swapped.append((function, function.__code__))
                function.__code__ = twin


def _pytest_rewrite(module: types.ModuleType, source: bytes, file: str) -> Callable[[ast.Module], None] | None:
    """pytest's assertion rewriting, for a module pytest loaded with it."""
    loader = getattr(module, "__loader__", None)
    if type(loader).__name__ != "AssertionRewritingHook":
        return None
    try:
        from _pytest.assertion.rewrite import rewrite_asserts
    except ImportError:
        return None
    return lambda tree: rewrite_asserts(tree, source, file, getattr(loader, "config", None))


def _codes(code: types.CodeType) -> Iterator[tuple[tuple[str, int], types.CodeType]]:
    yield (code.co_qualname, code.co_firstlineno), code
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            yield from _codes(constant)


def _has_calls(code: types.CodeType) -> bool:
    return LINE in code.co_names or CALL in code.co_names or RAISED in code.co_names or any(
        _has_calls(c) for c in code.co_consts if isinstance(c, types.CodeType)
    )


def _functions(namespace: dict[str, Any], file: str, module: str, depth: int = 0) -> Iterator[types.FunctionType]:
    """Functions of ``file`` reachable from a module's namespace: plain, in classes, behind
    ``staticmethod``/``classmethod``/``property`` and ``__wrapped__`` chains (``jax.jit``, and
    the wrappers other files' decorators make with ``functools.wraps``)."""
    for value in list(namespace.values()):
        for _ in range(10):
            if isinstance(value, (staticmethod, classmethod)):
                value = value.__func__
            elif isinstance(value, property):
                yield from (f for f in (value.fget, value.fset, value.fdel) if isinstance(f, types.FunctionType) and f.__code__.co_filename == file)
                break
            elif isinstance(value, types.FunctionType):
                if value.__code__.co_filename == file:
                    yield value
                    break
                # another file's wrapper (`functools.wraps`: absl's parameterized test cases)
                value = getattr(value, "__wrapped__", None)
                if value is None:
                    break
            elif isinstance(value, type):
                if depth < 3 and getattr(value, "__module__", None) == module:
                    yield from _functions(dict(vars(value)), file, module, depth + 1)
                break
            else:
                try:
                    value = getattr(value, "__wrapped__", None)
                except Exception:  # noqa: BLE001 - an object whose attributes raise is skipped
                    break
                if value is None:
                    break
