"""``self`` of a jitted method is traced like every other non-static argument.

``@jax.jit`` on a method wraps the plain function, so the instance is its first argument, and
JAX traces it unless ``static_argnums`` names position 0. A class that is not a pytree cannot be
traced: every call raises ``TypeError: Error interpreting argument to ... as an abstract array
... passed to the function at path self`` (measured on jax 0.10.2). Reported only where the
class is certainly no pytree: it and its bases are defined in the checked module, none has a
metaclass, ``__init_subclass__``, ``__jax_array__`` or a decorator other than ``dataclass``,
none is a tuple, list or dict, and no module of the run registers any of them with
``jax.tree_util`` (the checked module by the class's full name; another module, which mypy may
not have analysed yet when it checks this one, by the class's own name, as written). A
registration in a module outside the run is not seen. Anything else (equinox and flax modules,
``flax.struct.dataclass``, classes from other modules) may be a pytree and is left alone.
"""

from __future__ import annotations

from mypy.nodes import (
    AssignmentStmt,
    Block,
    CallExpr,
    ClassDef,
    Context,
    Decorator,
    ExpressionStmt,
    FakeInfo,
    ForStmt,
    FuncDef,
    IfStmt,
    MypyFile,
    RefExpr,
    Statement,
    TryStmt,
    TypeInfo,
    WhileStmt,
    WithStmt,
)
from mypy.plugin import CheckerPluginInterface
from mypy.types import CallableType

from jaxcheck.mypy import errors
from jaxcheck.mypy.signatures import function_name
from jaxcheck.names import MAY_MAKE_PYTREES, PYTREE_BUILTINS, PYTREE_REGISTRATIONS

_OBJECT = "builtins.object"
_PLAIN_DECORATORS = frozenset({"dataclass", "dataclasses.dataclass"})


def check_traced_self(
    transform: str,
    fun: CallableType,
    static_names: set[str],
    api: CheckerPluginInterface,
    context: Context,
) -> None:
    """Report ``fun``, a method whose traced ``self`` belongs to a class that is no pytree."""
    definition = fun.definition
    if not isinstance(definition, FuncDef) or definition.is_static or definition.is_class:
        return
    owner = definition.info
    arguments = definition.arguments
    if isinstance(owner, FakeInfo) or not arguments or len(arguments) != len(fun.arg_names):
        return  # not a method, or one already bound to its instance
    receiver = arguments[0].variable.name
    tree = getattr(api, "tree", None)
    if receiver in static_names or fun.arg_names[0] != receiver or not isinstance(tree, MypyFile):
        return
    if _may_be_pytree(owner, tree) or _registered_elsewhere(owner, tree, getattr(api, "modules", {})):
        return
    api.fail(
        errors.SELF_NOT_PYTREE.format(
            kind=errors.function_kind(transform), name=receiver, function=function_name(fun),
            cls=owner.name,
        ),
        context,
        code=errors.TRACED_SELF,
    )


def _may_be_pytree(owner: TypeInfo, tree: MypyFile) -> bool:
    classes = [info for info in owner.mro if info.fullname != _OBJECT]
    for info in classes:
        if info.fullname in PYTREE_BUILTINS or info.module_name != tree.fullname:
            return True
        if info.declared_metaclass is not None or MAY_MAKE_PYTREES & info.names.keys():
            return True
        decorators = [d.fullname if isinstance(d, RefExpr) else None for d in info.defn.decorators]
        if any(name not in _PLAIN_DECORATORS for name in decorators):
            return True
    registered = _registered_names(tree.defs)
    return any(info.fullname in registered for info in classes)


def _registered_elsewhere(owner: TypeInfo, tree: MypyFile, modules: dict[str, MypyFile]) -> bool:
    """Whether a module of the run other than ``tree`` passes a class named as one of
    ``owner``'s to a pytree registration."""
    names = {info.name for info in owner.mro if info.fullname != _OBJECT}
    for module in modules.values():
        if module is not tree and not module.is_stub:
            if names & _written_registrations(module):
                return True
    return False


_WRITTEN: dict[int, tuple[MypyFile, set[str]]] = {}


def _written_registrations(module: MypyFile) -> set[str]:
    """The last name of each argument of the pytree registrations in ``module``, as written."""
    known = _WRITTEN.get(id(module))
    if known is None or known[0] is not module:
        known = _WRITTEN[id(module)] = (module, _registered_names(module.defs, written=True))
    return known[1]


def _registered_names(statements: list[Statement], *, written: bool = False) -> set[str]:
    """Every name passed to a ``jax.tree_util`` pytree registration in ``statements`` and the
    blocks nested in them (mypy's traversers are compiled and cannot be subclassed here): its
    full name, or the name as written (the attribute of ``module.Class``) if ``written``."""
    found: set[str] = set()
    for statement in statements:
        call = statement.expr if isinstance(statement, ExpressionStmt) else (
            statement.rvalue if isinstance(statement, AssignmentStmt) else None
        )
        if isinstance(call, CallExpr) and isinstance(call.callee, RefExpr):
            if call.callee.name in PYTREE_REGISTRATIONS:
                refs = [a for a in call.args if isinstance(a, RefExpr)]
                found.update(a.name if written else a.fullname for a in refs)
        for block in _blocks(statement):
            found |= _registered_names(block.body, written=written)
    return found


def _blocks(statement: Statement) -> list[Block]:
    if isinstance(statement, Decorator):
        statement = statement.func
    if isinstance(statement, FuncDef | ClassDef | WithStmt | ForStmt | WhileStmt):
        blocks = [getattr(statement, "body", None), getattr(statement, "defs", None)]
        blocks.append(getattr(statement, "else_body", None))
    elif isinstance(statement, IfStmt):
        blocks = [*statement.body, statement.else_body]
    elif isinstance(statement, TryStmt):
        blocks = [statement.body, *statement.handlers, statement.else_body, statement.finally_body]
    else:
        blocks = []
    return [block for block in blocks if isinstance(block, Block)]
