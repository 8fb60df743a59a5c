"""Stub signatures for names that a jax module binds to a jitted function.

``jax.numpy.sin`` is a ``PjitFunction``: the implementation decorates ``def sin(x: ArrayLike, /)
-> Array`` with ``jax.jit``, and a checker reading that source sees only the decorator's untyped
result (``jnp.sin(x)`` is unknown in pyright, ``Any`` in mypy), where jax's own ``.pyi`` gives
the signature. The stub declares the function instead, with the parameters and annotations of
its definition in jax's source, every name qualified by the implementation module (which
defines or imports it) and defaults written ``...``. Where the source declares ``@overload``s of
the function (``atleast_1d``: one array in, one array out), the stub declares those. Otherwise a
declared union result becomes ``Any``: callers know which member they get from their arguments.
In a module for which jax ships a ``.pyi`` (``jax.numpy``, which a checker reads without the
stubs), a plain function whose definition declares no result (``jnp.vectorize``) is declared
too, returning ``Any``: re-exported, a checker would infer its result from jax's internals
(``vectorize`` would return a function of ``Array | tuple[Array, ...]``, where jax's ``.pyi``
says ``Callable``), a type jax does not promise and callers cannot use. A definition the
generator cannot find or qualify keeps the plain re-export.
"""

from __future__ import annotations

import ast
import builtins
import copy
import functools
from pathlib import Path
from types import FunctionType

_ANY = ast.Attribute(ast.Name("_typing"), "Any")
_TYPING_IMPORT = ast.Import(names=[ast.alias("typing", "_typing")])


class _Unqualifiable(Exception):
    """An annotation names something that is neither the module's nor a builtin."""


def wrapped_function_stub(
    name: str, value: object, *, undeclared_results: bool = False
) -> tuple[tuple[ast.stmt, ...], ast.stmt] | None:
    """The imports and the declaration that describe ``value``, bound as ``name``: a ``def``
    for a jitted function (also under ``custom_jvp``/``custom_vjp``) or, if
    ``undeclared_results``, a function declaring no result; a ``TypedUfunc`` for a
    ``jax.numpy`` ufunc; None when ``value`` is none of these or
    its definition cannot be read."""
    if type(value).__name__ == "ufunc":
        return _ufunc_stub(name, getattr(value, "_func", None))
    function = _unwrapped(value)
    undeclared = function is None and undeclared_results and _plain(value)
    if undeclared:
        function = value
    if function is None:
        return None
    definition = _definition(function)
    overloads = _overloads(function)
    if definition is None or (undeclared and (definition.returns or overloads)):
        return None
    alias = "_" + function.__module__.replace(".", "_")
    qualify = _Qualifier(alias, function.__globals__)
    imports = (ast.Import(names=[ast.alias(function.__module__, alias)]), _TYPING_IMPORT)
    try:
        if overloads:
            stubs = [_declaration(name, overload, qualify) for overload in overloads]
            for stub in stubs:
                stub.decorator_list = [ast.Attribute(ast.Name("_typing"), "overload")]
            return (*imports, *stubs[:-1]), stubs[-1]
        stub = _declaration(name, definition, qualify)
    except _Unqualifiable:
        return None
    if undeclared or (stub.returns is not None and _is_union(stub.returns)):
        stub.returns = copy.deepcopy(_ANY)
    return imports, ast.fix_missing_locations(stub)


def _declaration(name: str, definition: ast.FunctionDef, qualify: _Qualifier) -> ast.FunctionDef:
    """``definition`` as a stub declares it under ``name``: no decorators, body or default
    values, every annotation qualified (:class:`_Unqualifiable` when one cannot be)."""
    stub = copy.deepcopy(definition)
    stub.name = name
    stub.decorator_list = []
    stub.body = [ast.Expr(ast.Constant(...))]
    arguments = stub.args
    arguments.defaults = [ast.Constant(...) for _ in arguments.defaults]
    arguments.kw_defaults = [None if d is None else ast.Constant(...) for d in arguments.kw_defaults]
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    every += [a for a in (arguments.vararg, arguments.kwarg) if a is not None]
    for argument in every:
        argument.annotation = qualify(argument.annotation) if argument.annotation else None
    stub.returns = qualify(stub.returns) if stub.returns else None
    return ast.fix_missing_locations(stub)


def _unwrapped(value: object) -> FunctionType | None:
    """The Python function under ``jax.jit`` and ``custom_jvp``/``custom_vjp`` wrappers; None
    unless ``value`` has at least one such wrapper."""
    layers = 0
    while not isinstance(value, FunctionType) and layers < 4:
        kind = type(value).__name__
        if kind == "PjitFunction":
            value = getattr(value, "__wrapped__", None)
        elif kind in ("custom_jvp", "custom_vjp"):
            value = getattr(value, "fun", None)
        else:
            return None
        layers += 1
    return value if layers and isinstance(value, FunctionType) else None


def _plain(value: object) -> bool:
    """Whether ``value`` is a function of jax that its ``def`` defines, not one a decorator made
    around it (``contextmanager``, ``functools.wraps``: parameters and result are the decorator's)."""
    if not isinstance(value, FunctionType) or hasattr(value, "__wrapped__"):
        return False
    if not value.__module__.startswith("jax"):
        return False  # numpy's functions come with numpy's stubs
    return value.__code__.co_name == value.__name__


def _ufunc_stub(name: str, call: object) -> tuple[tuple[ast.stmt, ...], ast.stmt] | None:
    """``name: TypedUfunc[Callable[[...], R]]``: the ufunc's own methods (``reduce``, ``at``)
    and, when called, the parameters of the function it applies (all positional, no defaults)."""
    stub = wrapped_function_stub(name, call)
    if stub is None:
        return None
    imports, definition = stub
    assert isinstance(definition, ast.FunctionDef)
    arguments = definition.args
    positional = [*arguments.posonlyargs, *arguments.args]
    if arguments.defaults or arguments.kwonlyargs or arguments.vararg or arguments.kwarg:
        return None
    if any(a.annotation is None for a in positional) or definition.returns is None:
        return None
    signature = ast.Subscript(
        ast.Attribute(ast.Name("_collections_abc"), "Callable"),
        ast.Tuple([ast.List([a.annotation for a in positional]), definition.returns]),
    )
    annotation = ast.Subscript(ast.Attribute(ast.Name("_jax__jaxcheck_wrappers"), "TypedUfunc"), signature)
    support = (
        *imports,
        ast.Import(names=[ast.alias("collections.abc", "_collections_abc")]),
        ast.Import(names=[ast.alias("jax._jaxcheck_wrappers", "_jax__jaxcheck_wrappers")]),
    )
    return support, ast.fix_missing_locations(ast.AnnAssign(ast.Name(name), annotation, None, simple=1))


def _definition(function: FunctionType) -> ast.FunctionDef | None:
    """``function``'s ``def`` in its source file (matched by name and first line)."""
    code = function.__code__
    for node in ast.walk(_parsed(code.co_filename)):
        if isinstance(node, ast.FunctionDef) and node.name == code.co_name:
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            if first == code.co_firstlineno or node.lineno == code.co_firstlineno:
                return node
    return None


def _overloads(function: FunctionType) -> list[ast.FunctionDef]:
    """The ``@overload``s of ``function``'s name that its module's source declares (they carry
    its types: ``atleast_1d`` of one array returns an array, of two a list)."""
    name = function.__code__.co_name
    return [
        node
        for node in _parsed(function.__code__.co_filename).body
        if isinstance(node, ast.FunctionDef) and node.name == name and any(
            isinstance(decorator, ast.Name | ast.Attribute) and ast.unparse(decorator).endswith("overload")
            for decorator in node.decorator_list
        )
    ]


@functools.cache
def _parsed(path: str) -> ast.Module:
    source = Path(path)
    if source.suffix != ".py" or not source.exists():
        return ast.Module(body=[], type_ignores=[])
    return ast.parse(source.read_text(encoding="utf-8"), path)


class _Qualifier:
    """Rewrites an annotation so that it means the same inside the stub."""

    def __init__(self, alias: str, namespace: dict[str, object]) -> None:
        self.alias = alias
        self.namespace = namespace

    def __call__(self, annotation: ast.expr) -> ast.expr:
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            annotation = ast.parse(annotation.value, mode="eval").body
        return _NameRewriter(self).visit(copy.deepcopy(annotation))

    def name(self, node: ast.Name) -> ast.expr:
        if node.id in self.namespace:
            return ast.Attribute(ast.Name(self.alias), node.id)
        if hasattr(builtins, node.id):
            return node
        raise _Unqualifiable(node.id)


class _NameRewriter(ast.NodeTransformer):
    def __init__(self, qualifier: _Qualifier) -> None:
        self.qualifier = qualifier

    def visit_Name(self, node: ast.Name) -> ast.expr:  # noqa: N802 (ast's visitor protocol)
        return self.qualifier.name(node)

    def visit_Constant(self, node: ast.Constant) -> ast.expr:  # noqa: N802
        if isinstance(node.value, str):  # a quoted forward reference inside an annotation
            return self.visit(ast.parse(node.value, mode="eval").body)
        return node

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:  # noqa: N802
        node.value = self.visit(node.value)
        literal = isinstance(node.value, ast.Attribute) and node.value.attr == "Literal"
        if not literal:  # the strings of `Literal["C", "F"]` are values, not names
            node.slice = self.visit(node.slice)
        return node


def _is_union(annotation: ast.expr) -> bool:
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return True
    if isinstance(annotation, ast.Subscript):
        target = annotation.value
        return isinstance(target, ast.Attribute) and target.attr in ("Union", "Optional")
    return False
