"""Autofixes of the static-argument rules: a `list`/`set` display becomes a tuple/frozenset.

The new value differs from the old one in what it allows (no `.append`, no item assignment; a
`frozenset` has no indexing) and in how it compares (`(1, 2) != [1, 2]`), so the fix is safe
only when the function that receives it just reads it. :func:`only_read` decides that from the
uses of the parameter's name in the function body.
"""

from __future__ import annotations

from typing import Literal

import libcst as cst

from ...analysis import FunctionInfo, ModuleFacts, Scope
from ...analysis.syntax.walk import binding_targets, children
from ..base import FixRequest
from ...analysis.host.static_arguments import unhashable_value

Hashable = Literal["tuple", "frozenset"]

_LISTS = (cst.List, cst.ListComp)
_SETS = (cst.Set, cst.SetComp)

# Calls that only iterate over (or measure) an argument passed by position.
_READERS = frozenset(
    {"tuple", "list", "set", "frozenset", "sorted", "sum", "min", "max", "enumerate", "zip", "len",
     "any", "all", "iter", "math.prod"}
)
# ... and those that also index it or need an order: fine for a tuple, not for a frozenset.
_SEQUENCE_READERS = frozenset(
    {"reversed"}
    | {f"{module}.{name}" for module in ("numpy", "jax.numpy") for name in (
        "array", "asarray", "zeros", "ones", "empty", "full", "reshape", "broadcast_to")}
)
# Literals a list, tuple, set and frozenset all compare the same with (not a tuple: `[1] != (1,)`).
_LITERALS = (cst.Integer, cst.Float, cst.Imaginary, cst.SimpleString, cst.ConcatenatedString)
_CONSTANTS = frozenset({"None", "True", "False"})


def hashable_kind(facts: ModuleFacts, value: cst.BaseExpression, scope: Scope) -> Hashable | None:
    """What a display can become: a tuple for a list, a frozenset for a set; None otherwise
    (a dict, or a display holding something known to be unhashable, such as `[[1], [2]]`)."""
    kind: Hashable | None = "tuple" if isinstance(value, _LISTS) else "frozenset" if isinstance(value, _SETS) else None
    if kind is None:
        return None
    if isinstance(value, (cst.ListComp, cst.SetComp)):
        parts = [value.elt]
    else:
        assert isinstance(value, (cst.List, cst.Set))
        parts = [e.value for e in value.elements]
    if any(unhashable_value(facts, part, scope) is not None for part in parts):
        return None
    return kind


def hashable_text(value: cst.BaseExpression, module: cst.Module) -> str:
    """`(1, 2)` for `[1, 2]`, `tuple(f(i) for i in r)` for `[f(i) for i in r]`, `frozenset({1})`
    for `{1}`; comments and line breaks inside the brackets are kept."""
    if isinstance(value, cst.List):
        opening = cst.LeftParen(whitespace_after=value.lbracket.whitespace_after)
        closing = cst.RightParen(whitespace_before=value.rbracket.whitespace_before)
        return module.code_for_node(cst.Tuple(value.elements, lpar=[opening], rpar=[closing]))
    if isinstance(value, (cst.ListComp, cst.SetComp)):
        brackets = (value.lbracket, value.rbracket) if isinstance(value, cst.ListComp) else (value.lbrace, value.rbrace)
        generator = cst.GeneratorExp(value.elt, value.for_in, lpar=[], rpar=[])
        call = cst.Call(
            cst.Name("tuple" if isinstance(value, cst.ListComp) else "frozenset"),
            [cst.Arg(generator, whitespace_after_arg=brackets[1].whitespace_before)],
            whitespace_before_args=brackets[0].whitespace_after,
        )
        return module.code_for_node(call)
    return f"frozenset({module.code_for_node(value.with_changes(lpar=[], rpar=[]))})"


def builtins_visible(facts: ModuleFacts, scope: Scope, *names: str) -> bool:
    """Whether each of ``names`` still means the builtin in ``scope`` (no one rebinds it)."""
    return all(facts.resolver.lookup(name, scope) is None for name in names)


def display_fix(
    facts: ModuleFacts, title: str, value: cst.BaseExpression, scope: Scope,
    function: FunctionInfo, param: str, annotation: cst.BaseExpression | None = None,
) -> FixRequest | None:
    """Replace the display ``value`` (an argument or a default of ``param``) by its hashable
    twin, and ``annotation`` when that can be said exactly; safe when ``function`` only reads
    ``param`` (never when the value lands in `*args` or `**kwargs`). ``title`` names `{kind}`."""
    kind = hashable_kind(facts, value, scope)
    if kind is None or not builtins_visible(facts, scope, kind):
        return None
    safe = function.param(param) is not None and only_read(facts, function, param, kind)
    replacements: list[tuple[cst.CSTNode, str]] = [(value, hashable_text(value, facts.module))]
    new_annotation = annotation_text(facts, annotation, kind, function.parent or scope)
    if annotation is not None and new_annotation is not None:
        replacements.append((annotation, new_annotation))
    return FixRequest(title.format(kind=kind), safe=safe, replacements=tuple(replacements))


def annotation_text(
    facts: ModuleFacts, annotation: cst.BaseExpression | None, kind: Hashable, scope: Scope
) -> str | None:
    """`tuple[T, ...]` for `list[T]`, `frozenset[T]` for `set[T]` (and the bare names); None
    for every other annotation, which is left as it is."""
    if annotation is None:
        return None
    base = annotation.value if isinstance(annotation, cst.Subscript) else annotation
    expected = {"tuple": "list", "frozenset": "set"}[kind]
    if facts.qualified_name(base, scope) != expected or not isinstance(base, cst.Name):
        return None
    if not builtins_visible(facts, scope, kind):
        return None
    if base is annotation:
        return kind
    assert isinstance(annotation, cst.Subscript)
    elements = annotation.slice
    if len(elements) != 1 or not isinstance(elements[0].slice, cst.Index) or elements[0].slice.star:
        return None
    item = facts.module.code_for_node(elements[0].slice.value)
    return f"tuple[{item}, ...]" if kind == "tuple" else f"frozenset[{item}]"


# -- does the function only read the parameter? -------------------------------------------


def only_read(facts: ModuleFacts, function: FunctionInfo, name: str, kind: Hashable) -> bool:
    """Whether every use of ``name`` in ``function``'s body reads it in a way a ``kind`` answers
    exactly as the list or set did: iteration, `len`, membership, unpacking, a comparison with a
    literal, the readers above, and (a tuple only) indexing with one index."""
    body = function.node.body  # type: ignore[attr-defined]
    stored = _stored_nodes(body)
    stack: list[tuple[cst.CSTNode, tuple[cst.CSTNode, ...]]] = [(body, ())]
    while stack:
        node, parents = stack.pop()
        if isinstance(node, cst.Name) and node.value == name:
            if node in stored or not _reads(facts, function, node, parents, kind, stored):
                return False
            continue
        if isinstance(node, cst.Attribute):
            stack.append((node.value, (*parents, node)))  # `.attr` names no variable
            continue
        if isinstance(node, cst.Arg):
            stack.append((node.value, (*parents, node)))  # nor does `keyword=`
            continue
        stack.extend((child, (*parents, node)) for child in children(node))
    return True


def _reads(
    facts: ModuleFacts, scope: Scope, node: cst.Name, parents: tuple[cst.CSTNode, ...],
    kind: Hashable, stored: set[cst.CSTNode],
) -> bool:
    parent = parents[-1] if parents else None
    grandparent = parents[-2] if len(parents) > 1 else None
    if isinstance(parent, (cst.For, cst.CompFor)):
        return parent.iter is node
    if isinstance(parent, (cst.If, cst.While, cst.IfExp)):
        return parent.test is node
    if isinstance(parent, cst.UnaryOperation):
        return isinstance(parent.operator, cst.Not)
    if isinstance(parent, cst.StarredElement):
        return True  # `[*p]`, `(a, *p)`: the elements, in order (stores were excluded above)
    if isinstance(parent, cst.Assign):
        return all(isinstance(t.target, (cst.Tuple, cst.List)) for t in parent.targets)  # `a, b = p`
    if isinstance(parent, cst.Arg):
        if parent.star == "*":
            return True
        if parent.star or parent.keyword is not None or not isinstance(grandparent, cst.Call):
            return False
        callee = facts.qualified_name(grandparent.func, scope)
        return callee in _READERS or (kind == "tuple" and callee in _SEQUENCE_READERS)
    if isinstance(parent, cst.Subscript):
        return kind == "tuple" and parent.value is node and parent not in stored and all(
            isinstance(element.slice, cst.Index) and not element.slice.star for element in parent.slice
        )
    if isinstance(parent, cst.Comparison):
        return _compared_safely(parent, 0)
    if isinstance(parent, cst.ComparisonTarget) and isinstance(grandparent, cst.Comparison):
        return _compared_safely(grandparent, grandparent.comparisons.index(parent) + 1)
    return False


def _compared_safely(comparison: cst.Comparison, position: int) -> bool:
    """Whether operand ``position`` of a comparison chain compares the same as a tuple or frozenset:
    membership either way, `is None`, or (in)equality and order against a literal."""
    operands = [comparison.left, *(c.comparator for c in comparison.comparisons)]
    for index in (position - 1, position):
        if not 0 <= index < len(comparison.comparisons):
            continue
        operator = comparison.comparisons[index].operator
        other = operands[index if index != position else index + 1]
        if isinstance(operator, (cst.In, cst.NotIn)):
            continue
        if isinstance(operator, (cst.Is, cst.IsNot)):
            if not (isinstance(other, cst.Name) and other.value == "None"):
                return False
        elif not (isinstance(other, _LITERALS) or (isinstance(other, cst.Name) and other.value in _CONSTANTS)):
            return False
    return True


def _stored_nodes(body: cst.CSTNode) -> set[cst.CSTNode]:
    """Every node inside an assignment, deletion or binding target in ``body``."""
    targets: list[cst.CSTNode] = list(binding_targets(body))
    stored: set[cst.CSTNode] = set()
    while targets:
        node = targets.pop()
        stored.add(node)
        targets.extend(children(node))
    return stored
