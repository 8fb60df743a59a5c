"""Arguments from the project's own code: calls of a class or function, anywhere in the project
(its tests, examples and scripts first), whose arguments are literals or values built by
libraries, e.g. ``JaxNav(num_agents=4)`` in ``tests/jaxnav/test_jaxnav_rand_acts.py``, or
``Tracker(jnp.ones(3))`` and ``init_autoencoder(jax.random.key(seed), 6, 6)`` in a ``run()``
that loops ``for seed in range(3)``.

The files are read and parsed, never run. A call counts when it names the class or function
by its name (``JaxNav(...)``, ``envs.JaxNav(...)``, ``tracker.predict(...)`` for a method) in
the function's own file, or in a file that mentions its top-level package (for a class, also one
that defines it). An argument counts when it is a literal, or an expression whose every call
goes to an imported library or a builtin constructor (the rule the loader applies to
module-level statements, ``toplevel``), reading only names the same function (or the module)
bound before the call to such values, a loop's first item included (``for seed in range(3)``).
Calls that pass ``*args``/``**kwargs`` or anything else are skipped. Runs in the worker, only
when the experiment needs arguments it has no better source for.
"""

from __future__ import annotations

import ast
import builtins
import functools
import importlib
import pathlib
from collections.abc import Iterator
from typing import Any

from .inputs import Candidate
from .toplevel import library_names, skip_reason

_SKIPPED_DIRECTORIES = {".git", ".hg", ".tox", ".venv", "venv", "env", "build", "dist", "node_modules", "__pycache__", "site-packages"}
_MAX_FILES = 2000
_MAX_CALLS = 5
_MAX_DEPTH = 6  # names read through names bound to names ...
_PREFERRED = ("test", "example", "script")  # directories whose calls come first: how the authors use the class


@functools.lru_cache(maxsize=8)
def project_files(root: pathlib.Path) -> list[pathlib.Path]:
    """The project's Python files, tests, examples and scripts first."""
    found: list[pathlib.Path] = []
    stack = [root]
    while stack and len(found) < _MAX_FILES:
        directory = stack.pop()
        try:
            entries = sorted(directory.iterdir())
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir():
                if entry.name not in _SKIPPED_DIRECTORIES and not entry.name.startswith("."):
                    stack.append(entry)
            elif entry.suffix == ".py":
                found.append(entry)
    return sorted(found, key=lambda p: (not any(word in str(p.relative_to(root)).lower() for word in _PREFERRED), str(p)))


def constructor_calls(cls: type, root: pathlib.Path) -> Iterator[Candidate]:
    """Candidates from calls of ``cls`` in the project, at most a few."""
    yield from _calls(cls.__name__, _package(cls), root, None, defining=f"class {cls.__name__}", module=cls.__module__)


def function_calls(function: Any, root: pathlib.Path, own_file: pathlib.Path) -> Iterator[Candidate]:
    """Candidates from calls of ``function`` (a function, or a method called on some object) in
    the project whose arguments are not all literals in its own file (those are the module's
    literal calls, tried before), at most a few."""
    name = getattr(function, "__name__", None)
    if not name or not name.isidentifier():
        return
    yield from _calls(name, _package(function), root, pathlib.Path(own_file).resolve(), module=getattr(function, "__module__", "") or "")


def _package(value: Any) -> str:
    return (getattr(value, "__module__", None) or "").split(".", 1)[0]


def _calls(
    name: str, package: str, root: pathlib.Path, own_file: pathlib.Path | None, defining: str = "", module: str = "",
) -> Iterator[Candidate]:
    seen: set[str] = set()
    made = 0
    for path in project_files(root):
        own = own_file is not None and path.resolve() == own_file
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if f"{name}(" not in text or not (own or (package and package in text) or (defining and defining in text)):
            continue
        calls = _CallsIn(text)
        for node in calls.named(name, module):
            found = calls.arguments(node, skip_literal=own)
            if found is None:
                continue
            args, kwargs = found
            try:
                key = repr((args, sorted(kwargs.items())))
            except Exception:  # noqa: BLE001 - a value whose repr fails: keep it
                key = f"{path}:{node.lineno}"
            if key in seen:
                continue
            seen.add(key)
            yield Candidate(f"the call at {path.relative_to(root)}:{node.lineno}", args, kwargs)
            made += 1
            if made >= _MAX_CALLS:
                return


def called_once(function: Any, root: pathlib.Path, own_file: pathlib.Path) -> str | None:
    """How the project calls ``function`` when its text shows one call per run at most, else None.

    Nothing in the project calls it (an entry point: ``run()`` under ``if __name__ ==
    "__main__"`` is one call), or one call outside any loop, whose own function (when it is
    in one) the project calls once in turn, a few levels up. None (the project may call it
    again) when two calls name it, one is inside a loop or comprehension, or the function is
    named without being called (passed to code that may call it any number of times), or a
    file cannot be parsed."""
    name = getattr(function, "__name__", None)
    if not name or not name.isidentifier() or (name.startswith("__") and name.endswith("__")):
        return None  # `__call__` and the like run by syntax (`model(x)`), never called by name
    return _called_once(name, _package(function), root, pathlib.Path(own_file).resolve(), getattr(function, "__module__", "") or "", 0)


_MAX_CALLERS = 3  # levels of callers read up from the function


def _called_once(name: str, package: str, root: pathlib.Path, own_file: pathlib.Path, module: str, depth: int) -> str | None:
    sites: list[tuple[pathlib.Path, ast.Call, _CallsIn]] = []
    for path in project_files(root):
        own = path.resolve() == own_file
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if name not in text or not (own or (package and package in text)):
            continue
        calls = _CallsIn(text)
        if calls.tree is None or name in calls.named_not_called:
            return None
        for node in calls.named(name, module):
            if node in calls.looping or sites:
                return None
            sites.append((path, node, calls))
    if not sites:
        return f"nothing in the project calls `{name}`"
    path, node, calls = sites[0]
    where = f"`{name}` once, at {path.relative_to(root)}:{node.lineno}, outside any loop"
    caller = next((s for s in calls.scope_of[node] if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))), None)
    if caller is None:
        return f"the project calls {where}"
    if isinstance(caller, ast.Lambda) or depth + 1 >= _MAX_CALLERS:
        return None
    above = _called_once(caller.name, package, root, path.resolve(), module, depth + 1)
    return None if above is None else f"the project calls {where} of `{caller.name}`, and {above.removeprefix('the project calls ')}"


class _Unknown(Exception):
    """An argument that is not a literal or a library-built value."""


class _CallsIn:
    """One file's calls and the bindings each can read: per function (and the module), the
    names it assigns, in order."""

    def __init__(self, text: str) -> None:
        self.tree = _parsed(text)
        self.libraries = {
            name: module for name, module in library_names(self.tree).items()
            if not module.startswith("builtins.") or hasattr(builtins, name)
        }
        self.scopes: dict[ast.AST, list[tuple[int, str, ast.AST, bool]]] = {}  # scope -> (line, name, value, first item)
        self.scope_of: dict[ast.Call, list[ast.AST]] = {}  # call -> its enclosing scopes, innermost first
        self.looping: set[ast.Call] = set()  # calls inside a loop or comprehension of their own function
        self.named_not_called: set[str] = set()  # names read other than as the function of a call
        self.imported, self.imported_from = _imports(self.tree)
        if self.tree is not None:
            self._walk(self.tree, [self.tree])
            called = {id(c.func) for c in self.scope_of}
            self.named_not_called = {
                n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(self.tree)
                if isinstance(n, (ast.Name, ast.Attribute)) and isinstance(n.ctx, ast.Load) and id(n) not in called
            }

    def _walk(self, node: ast.AST, scopes: list[ast.AST], looping: bool = False) -> None:
        looping = looping or isinstance(node, (ast.For, ast.AsyncFor, ast.While, ast.comprehension, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp))
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                self._walk(child, [child, *(s for s in scopes if not isinstance(s, ast.ClassDef))])  # a method reads no class names
                continue
            if isinstance(child, ast.ClassDef):
                self._walk(child, [child, *scopes], looping)
                continue
            if isinstance(child, ast.Assign) and len(child.targets) == 1 and isinstance(child.targets[0], ast.Name):
                self.scopes.setdefault(scopes[0], []).append((child.lineno, child.targets[0].id, child.value, False))
            elif isinstance(child, ast.AnnAssign) and child.value is not None and isinstance(child.target, ast.Name):
                self.scopes.setdefault(scopes[0], []).append((child.lineno, child.target.id, child.value, False))
            elif isinstance(child, (ast.For, ast.comprehension)) and isinstance(child.target, ast.Name):
                line = getattr(child, "lineno", getattr(child.iter, "lineno", 0))
                self.scopes.setdefault(scopes[0], []).append((line, child.target.id, child.iter, True))
            elif isinstance(child, ast.Call):
                self.scope_of[child] = scopes
                if looping:
                    self.looping.add(child)
            self._walk(child, scopes, looping)

    def named(self, name: str, module: str = "") -> list[ast.Call]:
        """Calls of ``name`` (``name(...)``, ``x.name(...)``), less those that an import of the
        file shows to be of another module's ``name`` (boax's `normal.normal(...)`, the
        distribution's constructor, is not `samplers.normal`: ``module`` is where the function
        is defined, and a module that imports it, or a package above it, may be named)."""
        found = []
        for call in self.scope_of:
            called = call.func
            called_name = called.id if isinstance(called, ast.Name) else called.attr if isinstance(called, ast.Attribute) else None
            if called_name == name and not self._of_another_module(called, module):
                found.append(call)
        return sorted(found, key=lambda c: (c.lineno, c.col_offset))

    def _of_another_module(self, called: ast.expr, module: str) -> bool:
        if not module:
            return False
        if isinstance(called, ast.Attribute) and isinstance(called.value, ast.Name):
            source = self.imported.get(called.value.id)  # `mod.name(...)`: `mod` names a module
        elif isinstance(called, ast.Name):
            source = self.imported_from.get(called.id)  # `name(...)` after `from mod import name`
        else:
            return False
        return source is not None and source != module and not module.startswith(f"{source}.") and source.split(".")[0] == module.split(".")[0]

    def arguments(self, call: ast.Call, skip_literal: bool) -> tuple[tuple, dict[str, Any]] | None:
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        values = [*call.args, *(k.value for k in call.keywords)]
        if skip_literal and all(_is_literal(v) for v in values):
            return None
        try:
            evaluated = [self._value(v, self.scope_of[call], call.lineno, 0) for v in values]
        except _Unknown:
            return None
        except Exception:  # noqa: BLE001 - library code raised on these values
            return None
        args = tuple(evaluated[: len(call.args)])
        kwargs = {k.arg: v for k, v in zip(call.keywords, evaluated[len(call.args):])}
        return args, kwargs

    def _value(self, node: ast.AST, scopes: list[ast.AST], line: int, depth: int) -> Any:
        if _is_literal(node):
            return ast.literal_eval(node)
        if depth > _MAX_DEPTH:
            raise _Unknown
        names: dict[str, Any] = {}
        arrays = dict(self.libraries)
        for name in sorted(_free_names(node)):
            if name in self.libraries:
                names[name] = _library_value(self.libraries[name])
                continue
            names[name] = self._bound(name, scopes, line, depth)
            if _is_array(names[name]):
                arrays[name] = "<array>"  # methods of arrays may be called (`x.reshape(2, 3)`)
        check = ast.Expr(node)
        ast.copy_location(check, node)
        if skip_reason(check, arrays) is not None:
            raise _Unknown
        expression = ast.Expression(node)
        ast.fix_missing_locations(expression)
        return eval(compile(expression, "<call site>", "eval"), {"__builtins__": builtins, **names})  # noqa: S307

    def _bound(self, name: str, scopes: list[ast.AST], line: int, depth: int) -> Any:
        for scope in scopes:
            earlier = [b for b in self.scopes.get(scope, ()) if b[1] == name and (_before(b, line) or scope is self.tree)]
            if earlier:
                bound_line, _, value, first_item = earlier[-1]
                found = self._value(value, scopes[scopes.index(scope):], bound_line, depth + 1)
                return next(iter(found)) if first_item else found
        raise _Unknown


def _imports(tree: ast.Module | None) -> tuple[dict[str, str], dict[str, str]]:
    """Absolute imports of a file: the module each bound name is (``from a.b import c`` binds
    ``a.b.c``, which may be a module), and the module each name was imported from (``a.b``)."""
    modules: dict[str, str] = {}
    sources: dict[str, str] = {}
    for statement in ast.walk(tree) if tree is not None else ():
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                if alias.asname:
                    modules[alias.asname] = alias.name
        elif isinstance(statement, ast.ImportFrom) and statement.level == 0 and statement.module:
            for alias in statement.names:
                modules[alias.asname or alias.name] = f"{statement.module}.{alias.name}"
                sources[alias.asname or alias.name] = statement.module
    return modules, sources


def _before(binding: tuple[int, str, ast.AST, bool], line: int) -> bool:
    """Whether a binding comes before a call at ``line``: a loop's or comprehension's variable
    may be bound on the call's own line (`[f(b) for b in batches]`)."""
    return binding[0] < line or (binding[3] and binding[0] == line)


@functools.lru_cache(maxsize=64)
def _parsed(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


def _is_literal(node: ast.AST) -> bool:
    try:
        ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return True


def _free_names(node: ast.AST) -> set[str]:
    """Names the expression reads that it does not bind itself (lambda parameters, comprehension
    variables)."""
    bound = set()
    for inner in ast.walk(node):
        if isinstance(inner, ast.Lambda):
            bound |= {a.arg for a in (*inner.args.posonlyargs, *inner.args.args, *inner.args.kwonlyargs)}
            bound |= {a.arg for a in (inner.args.vararg, inner.args.kwarg) if a is not None}
        elif isinstance(inner, ast.comprehension):
            bound |= {n.id for n in ast.walk(inner.target) if isinstance(n, ast.Name)}
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)} - bound


def _library_value(dotted: str) -> Any:
    """The object an import of a library binds (``jax.numpy`` for ``jnp``, ``jax.random.key``)."""
    if dotted.startswith("builtins."):
        return getattr(builtins, dotted.split(".", 1)[1])
    try:
        return importlib.import_module(dotted)
    except ImportError:
        module, _, attribute = dotted.rpartition(".")
        try:
            return getattr(importlib.import_module(module), attribute)
        except (ImportError, AttributeError) as error:
            raise _Unknown from error


def _is_array(value: Any) -> bool:
    return hasattr(value, "shape") and hasattr(value, "dtype")
