"""Which module-level statements the validator runs when it imports a user's module.

Only what makes the module's functions reachable: imports, definitions (with their decorators),
and assignments or expressions whose every call goes to an imported library (``jax.jit(f)``,
``jnp.ones(3)``, ``partial(f, n=2)``, ``jax.config.update(...)``), methods of the arrays those
build (``GRID = GRID.at[0].set(5)``, ``jnp.array(spawns).reshape(-1, 2)``), plus ``if``/``try``
blocks made of such statements. A call of the module's own code (``main()``, ``simulate(50_000)``,
``model = MLP()``) is not run, nor a loop or ``with`` block, nor ``if __name__ == "__main__"``,
unless a finding lies in that statement (then it runs, under the timeouts).
"""

from __future__ import annotations

import ast
import sys

# Packages whose module-level calls are treated like the standard library's: setting up, not work.
_LIBRARIES = frozenset({
    "jax", "jaxlib", "numpy", "scipy", "flax", "optax", "equinox", "chex", "haiku", "jaxtyping",
    "typing_extensions", "einops", "ml_collections", "distrax", "tensorflow_probability", "orbax",
    "jaxcheck", "attr", "attrs", "pydantic", "absl", "hypothesis",
})
_BLOCKED_STDLIB = frozenset({"subprocess", "multiprocessing", "socket", "urllib", "http", "shutil", "time", "os", "sys"})
_ARRAY_MODULES = ("jax.numpy.", "numpy.", "jax.random.", "jax.lax.")  # calls that build arrays
_ARRAY_VALUE = "<array>"  # in the name table: a module-level name bound to an array built above
_ALLOWED_STDLIB_CALLS = frozenset({"os.path", "os.environ", "sys.path", "os.getenv", "os.environ.get", "os.path.join"})


# Builtins that construct values; the rest (`open`, `exec`, `input`, ...) are not run.
_SAFE_BUILTINS = frozenset({
    "iter", "list", "dict", "tuple", "set", "frozenset", "range", "len", "int", "float", "str", "bool",
    "complex", "bytes", "object", "property", "staticmethod", "classmethod", "zip", "enumerate", "map",
    "filter", "sorted", "reversed", "min", "max", "sum", "abs", "round", "type", "slice", "isinstance",
    "getattr", "hasattr", "repr", "hash", "id", "any", "all", "divmod", "pow", "chr", "ord", "super",
})


def library_names(tree: ast.Module) -> dict[str, str]:
    """Local name -> dotted module path, for names bound by imports of libraries; builtins that
    construct values; and classes of the module without their own ``__init__`` (dataclasses,
    named tuples, flax modules: building one runs no code of the project)."""
    found: dict[str, str] = {name: f"builtins.{name}" for name in _SAFE_BUILTINS}
    for statement in tree.body:
        if isinstance(statement, ast.ClassDef) and not any(
            isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name in ("__init__", "__new__", "__post_init__")
            for item in statement.body
        ):
            found[statement.name] = f"builtins.{statement.name}"
    for statement in ast.walk(tree):
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                if _is_library(alias.name):
                    found[(alias.asname or alias.name).split(".")[0]] = alias.name if alias.asname else alias.name.split(".")[0]
        elif isinstance(statement, ast.ImportFrom) and statement.level == 0 and statement.module:
            if _is_library(statement.module):
                for alias in statement.names:
                    found[alias.asname or alias.name] = f"{statement.module}.{alias.name}"
    return found


def _is_library(module: str) -> bool:
    top = module.split(".")[0]
    return top in _LIBRARIES or top in getattr(sys, "stdlib_module_names", ())


def definition_reads(statement: ast.stmt) -> set[str]:
    """Names a module-level definition reads when it runs: its decorators, bases, keywords and
    defaults, and a class body's own statements (not the bodies of its methods)."""
    if not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return set()
    parts: list[ast.AST] = list(statement.decorator_list)
    names: set[str] = set()
    if isinstance(statement, ast.ClassDef):
        parts += [*statement.bases, *statement.keywords]
        for item in statement.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names |= definition_reads(item)
            else:
                parts.append(item)
    else:
        parts += [*statement.args.defaults, *(d for d in statement.args.kw_defaults if d is not None)]
    return names | {n.id for part in parts for n in ast.walk(part) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def skip_reason(statement: ast.stmt, libraries: dict[str, str]) -> str | None:
    """Why ``statement`` is not run (None: run it)."""
    if isinstance(statement, (ast.Import, ast.ImportFrom, ast.Pass)):
        return None
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return None  # a definition, decorators and class body included
    if isinstance(statement, ast.If):
        if _is_main_guard(statement.test):
            return "it is the `if __name__ == \"__main__\":` block"
        return _calls_reason(statement.test, libraries) or _block_reason(statement.body + statement.orelse, libraries)
    if isinstance(statement, ast.Try):
        handlers = [s for h in statement.handlers for s in h.body]
        return _block_reason(statement.body + handlers + statement.orelse + statement.finalbody, libraries)
    if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr)):
        return _calls_reason(statement, libraries)
    return f"it is a module-level `{type(statement).__name__.lower()}` statement"


def _block_reason(statements: list[ast.stmt], libraries: dict[str, str]) -> str | None:
    for statement in statements:
        reason = skip_reason(statement, libraries)
        if reason:
            return reason
    return None


def _calls_reason(node: ast.AST, libraries: dict[str, str]) -> str | None:
    for call in _calls(node):
        dotted = _dotted(call.func)
        if dotted is None or libraries.get(dotted.split(".")[0]) == _ARRAY_VALUE:
            if _array_method(call, libraries):
                continue
            return "it calls the result of an expression"
        root = dotted.split(".")[0]
        module = libraries.get(root)
        if module is None:
            return f"it calls `{dotted}`, code of the project"
        full = module + dotted[len(root):]
        if full.split(".")[0] in _BLOCKED_STDLIB and not any(full.startswith(a) for a in _ALLOWED_STDLIB_CALLS):
            return f"it calls `{dotted}` (processes, files, clocks or the network)"
    return None


def note_arrays(statement: ast.stmt, libraries: dict[str, str]) -> None:
    """After ``statement`` ran: names it bound to arrays built by jax/numpy, whose methods later
    statements may call (``GRID = jnp.zeros(...)``, then ``GRID = GRID.at[0].set(5)``)."""
    if isinstance(statement, ast.Assign) and _builds_array(statement.value, libraries):
        for target in statement.targets:
            if isinstance(target, ast.Name):
                libraries[target.id] = _ARRAY_VALUE


def _array_method(call: ast.Call, libraries: dict[str, str]) -> bool:
    """``<array>.method(...)``: a method of an array built by jax/numpy (the inner calls are
    judged on their own)."""
    return isinstance(call.func, ast.Attribute) and _builds_array(call.func.value, libraries)


def _builds_array(node: ast.AST, libraries: dict[str, str]) -> bool:
    while True:
        if isinstance(node, (ast.Attribute, ast.Subscript)):
            node = node.value
        elif isinstance(node, ast.Call):
            dotted = _dotted(node.func)
            if dotted is None or libraries.get(dotted.split(".")[0]) == _ARRAY_VALUE:
                node = node.func
                continue
            root = dotted.split(".")[0]
            full = libraries.get(root, "") + dotted[len(root):] + "."
            return full.startswith(_ARRAY_MODULES)
        elif isinstance(node, ast.Name):
            return libraries.get(node.id) == _ARRAY_VALUE
        else:
            return False


def _calls(node: ast.AST):
    """Calls evaluated when ``node`` runs (not those inside lambda bodies)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, ast.Lambda):
            stack.extend(current.args.defaults + [d for d in current.args.kw_defaults if d is not None])
            continue
        if isinstance(current, ast.Call):
            yield current
        stack.extend(ast.iter_child_nodes(current))


def _dotted(node: ast.AST) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def _is_main_guard(test: ast.expr) -> bool:
    return (
        isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__"
        and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in test.comparators)
    )
