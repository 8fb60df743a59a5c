from __future__ import annotations

import libcst as cst

from ... import names
from ..base import Context, Rule, invalid, valid
from ...analysis.host.hashing import class_hashing
from ...analysis.transforms.jit_signature import signatures
from ._fixes import display_fix

# Why an unhashable annotation alone may be wrong rather than the values passed (the `info` reason).
_ANNOTATION_ONLY = (
    "the body reads its fields with `getattr`, which finds no dict key or list item: what is passed "
    "has attributes, a namedtuple or a frozen dataclass, and only the annotation looks wrong"
)
# What jit's cache does with a static field of each kind (see ObjectModel.unhashable_static_fields).
_STATIC_FIELD_VERBS = {
    "array": "compare: a second call with another instance raises",
    "unhashable": "hash: jit keeps the object it first saw, so a change made in place reuses the program traced before it",
}
# Why a container in a static field is `info`: it breaks JAX's contract (metadata must be
# hashable and immutable) but goes wrong only when changed in place after a call, which libraries
# that keep one there (flax's own pytrees) take care never to do.
_CONTAINER_FIELD = "it misbehaves only when changed in place after a jitted call; a tuple or frozen mapping rules that out"
_DISPLAYS = {cst.List: "`list`", cst.ListComp: "`list`", cst.Dict: "`dict`", cst.DictComp: "`dict`", cst.Set: "`set`", cst.SetComp: "`set`"}


class UnhashableStaticParameter(Rule):
    """
    ## What it does
    Checks for a static parameter of a jitted function whose annotation is a type that cannot be
    hashed (`list`, `dict`, `set`, `list[int]`, `np.ndarray`, `jax.Array`, a same-module
    `@dataclass` that is neither frozen nor `eq=False`) or whose default is a `list`, `dict` or
    `set` display; and for a static field of a pytree class declared as an array
    (`cos: jax.Array = eqx.field(static=True)`, an array field among `register_dataclass`'s
    `meta_fields`, a flax `struct.field(pytree_node=False)`) or as a mutable container
    (`sizes: list = field(metadata=dict(static=True))`, `table: dict = eqx.field(static=True)`),
    or as a plain dataclass (of any module of the checked code) with an array among its fields
    (`points: Points = field(metadata=dict(static=True))`); the same for a field annotated in a
    `register_pytree_node_class` class whose `tree_flatten` puts it in the aux data, and, for such
    a field left unannotated, where `tree_flatten` puts it there when the analysis sees it hold
    an array at a jitted call. And a static field, whatever its annotation, in which the class's
    constructor stores an array or an object holding one of its own accord, whatever it is
    given (`self.index = jnp.array(...)`, a helper's return holding an array).

    ## Why is this bad?
    JAX hashes every static argument to look up the compiled program. Measured on jax 0.10.2:
    passing a list, dict, set, NumPy or JAX array, or an instance of a non-frozen dataclass to a
    static parameter raises `ValueError: Non-hashable static arguments are not supported` at the
    call. A parameter declared with such a type can never be passed as declared. Static fields
    of a pytree are part of its structure, which jit compares with `==` to find the compiled
    program: an array's `==` is an array whose truth is ambiguous, so the second call with
    another instance raises `ValueError` (measured on jax 0.10.2 for `register_dataclass`
    meta fields, equinox static fields, a frozen dataclass of arrays in a static field and an
    array in the aux data of `register_pytree_node_class`; 0-d NumPy scalars, tuples and
    numbers compare fine). Keep arrays in data fields (children). A list or dict in a static field compares by value, but jit's
    cache keeps the object it was first given: after `params.sizes.append(3)` the next call
    reuses the program traced for the old list, and so does a new instance holding the new
    contents (measured on jax 0.10.2 with `register_dataclass` and with `eqx.filter_jit`:
    `len(p.sizes)` stays 2, no recompile, no error). Use a tuple.

    ## Example
    ```python
    @partial(jax.jit, static_argnames="sizes")
    def mlp(x, sizes: list[int]):
        ...
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnames="sizes")
    def mlp(x, sizes: tuple[int, ...]):
        ...
    ```

    ## Known problems
    A parameter annotated `Dict[...]` whose fields the body reads with `getattr(p, name)` is
    given an object with attributes (a namedtuple, a frozen dataclass), never a dict: there
    the annotation alone is wrong, and the finding is `info`, left out unless `--show-info`
    asks for it.
    A container in a static field breaks JAX's contract (metadata must be hashable and
    immutable) but goes wrong only when changed in place after a call, which code that keeps one
    there on purpose never does: that finding is `info`.
    An equinox module or other pytree class in a static field is not judged by its annotation:
    it is most often the half of `eqx.partition` left without its arrays.
    A `list` default is harmless while callers leave the parameter out (JAX hashes only the
    arguments passed; measured), but any caller passing a value of the default's type fails.

    ## Fix safety
    A `list` default becomes a tuple and a `set` default a `frozenset`; an annotation `list[T]`
    or `set[T]` (or bare `list`, `set`) becomes `tuple[T, ...]` or `frozenset[T]` in the same
    fix. Other annotations are left as they are: update them too. The fix is safe when the body
    only reads the parameter (iteration, unpacking, `len`, membership, comparison with a literal,
    readers such as `sorted` or `sum`, indexing for a tuple), unsafe when it calls a method on
    it, stores, returns or passes it elsewhere. Dict defaults and annotations alone get no fix.

    ## References
    - [`jax.jit` static arguments](https://docs.jax.dev/en/latest/_autosummary/jax.jit.html)
    """

    CODE = "JAX301"
    NAME = "unhashable-static-parameter"
    MESSAGE = "{subject} {reason}, which JAX cannot {verb}"
    FIX_TITLE = "Use a hashable type (a tuple, a frozen dataclass)"

    def check(self, context: Context) -> None:
        facts = context.facts
        for signature in signatures(facts):
            static = signature.static_names()
            scope = signature.function.parent
            for param in signature.params:
                if param.name not in static or scope is None:
                    continue
                reason = deliberate = None
                annotation = param.annotation
                if annotation is not None:
                    base = annotation.value if isinstance(annotation, cst.Subscript) else annotation
                    owner = class_hashing(facts, base, scope)
                    unhashable_class = owner is not None and owner.kind == "unhashable"
                    if facts.qualified_name(base, scope) in names.UNHASHABLE_ANNOTATIONS or unhashable_class:
                        reason = f"is annotated `{context.code(annotation)}`"
                        if _read_by_attribute_name(facts, signature.function, param.name):
                            deliberate = _ANNOTATION_ONLY
                if reason is None and type(param.default) in _DISPLAYS:
                    reason = f"defaults to a {_DISPLAYS[type(param.default)]}"
                if reason is not None:
                    fix = None if param.default is None else display_fix(
                        facts, "Default to a `{kind}`", param.default, scope, signature.function,
                        param.name, annotation,
                    )
                    context.report(
                        self, param.node, fix, deliberate=deliberate,
                        subject=f"Static parameter `{param.name}` of jitted function `{signature.name}`",
                        reason=reason, verb="hash",
                    )
        for owner in facts.classes:
            # What the constructor stores says more than the annotation (`index: list` given an array).
            annotated = dict(facts.objects.unhashable_static_fields(owner))
            by_value = [(d, held) for d, held in facts.arrays_stored_in_static_fields(owner) if annotated.get(d) != "array"]
            for declared, held in by_value:
                context.report(
                    self, declared, None,
                    subject=f"Static field `{declared.target.value}` of pytree class `{owner.name}`",  # type: ignore[attr-defined]
                    reason=f"is given {held}", verb=_STATIC_FIELD_VERBS["array"],
                )
            stored = {declared for declared, _ in by_value}
            for declared, kind in annotated.items():
                if declared not in stored:
                    context.report(
                        self, declared, None, deliberate=_CONTAINER_FIELD if kind == "unhashable" else None,
                        subject=f"Static field `{declared.target.value}` of pytree class `{owner.name}`",  # type: ignore[attr-defined]
                        reason=f"is annotated `{context.code(declared.annotation.annotation)}`", verb=_STATIC_FIELD_VERBS[kind],
                    )
        for found in facts.arrays_in_aux_data:
            context.report(
                self, found.element, None,
                subject=f"Aux data field `{found.field}` of pytree class `{found.owner.name}`",
                reason="holds an array at a jitted call", verb=_STATIC_FIELD_VERBS["array"],
            )

    VALID = [
        valid(
            """
            import equinox as eqx
            import jax
            import jax.numpy as jnp
            from jax.tree_util import register_pytree_node_class

            class Layer(eqx.Module):
                weight: jax.Array
                split: int = eqx.field(static=True)

            class Chain(eqx.Module):
                static: Layer = eqx.field(static=True)  # the half `eqx.partition` left without arrays
                params: Layer

                def __init__(self, layer):
                    self.params, self.static = eqx.partition(layer, eqx.is_array)

            @register_pytree_node_class
            class Grid:
                def __init__(self, values, shape):
                    self.values = values
                    self.shape = shape

                def tree_flatten(self):
                    return (self.values,), (self.shape,)  # a tuple in the aux data compares fine

                @classmethod
                def tree_unflatten(cls, aux, children):
                    return cls(children[0], aux[0])

            @jax.jit
            def total(grid):
                return grid.values.sum()

            def run():
                return [total(Grid(jnp.ones(4), (2, 2))) for _ in range(2)]
            """
        ),
        valid(
            """
            import dataclasses
            import jax

            @dataclasses.dataclass
            class Params:
                weights: list
                # a list compares by value: stale only if changed in place after a call (`info`)
                sizes: list = dataclasses.field(metadata=dict(static=True))

            jax.tree_util.register_dataclass(Params)
            """
        ),
        valid(
            """
            from functools import partial
            from typing import Dict
            import jax

            @partial(jax.jit, static_argnames="weights")
            def loss(pred, weights: Dict[str, float]):
                # `getattr` finds no dict key: a namedtuple is passed, the annotation is wrong (`info`)
                return sum(getattr(weights, k) * pred[k] for k in pred)
            """
        ),
        valid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnames=("sizes", "mode"))
            def mlp(x, sizes: tuple[int, ...] = (64, 64), mode: str = "relu"):
                return x
            """
        ),
        valid(
            """
            import dataclasses
            import jax

            @dataclasses.dataclass(frozen=True)
            class Config:
                depth: int = 2

            @dataclasses.dataclass(eq=False)
            class Handle:
                name: str = ""

            def step(x, config: Config, handle: Handle, data: list[int] = []):
                return x  # `data` is not static: it is a pytree of arrays

            fast = jax.jit(step, static_argnums=(1, 2))
            """
        ),
        valid(
            """
            import numba

            def jit(f, static_argnames=()):
                return f

            @jit(static_argnames="sizes")
            def mlp(x, sizes: list):
                return x

            @numba.jit
            def other(x, sizes: list = []):
                return x
            """
        ),
        valid(
            """
            import equinox as eqx
            import jax

            class Rotary(eqx.Module):
                dim: int = eqx.field(static=True)  # a number: hashed and compared by value
                cos: jax.Array  # an array in a data field: a leaf, traced

                def __init__(self, dim):
                    self.dim = dim
                    self.cos = jax.numpy.ones(dim)
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import equinox as eqx
            import jax
            import jax.numpy as jnp

            class Spectrum(eqx.Module):
                pass

            class Indexed(Spectrum):
                data: jax.Array
                index: list = eqx.field(static=True)  # given an array whatever the caller passes

                def __init__(self, data, bands):
                    self.data = data
                    self.index = jnp.array([bands.index(b) for b in bands])
            """,
            line=10,
            message_contains="Static field `index` of pytree class `Indexed` is given a JAX array",
        ),
        invalid(
            """
            import dataclasses
            import jax
            import numpy as np

            @dataclasses.dataclass(frozen=True)
            class Points:
                body: np.ndarray

            @jax.tree_util.register_dataclass
            @dataclasses.dataclass
            class Model:
                masses: jax.Array
                points: Points = dataclasses.field(metadata=dict(static=True))  # `==` compares `body`
            """,
            line=13,
            message_contains="Static field `points` of pytree class `Model` is annotated `Points`",
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp
            from jax.tree_util import register_pytree_node_class

            @register_pytree_node_class
            class Spline:
                def __init__(self, knots, values):
                    self.knots = knots
                    self.values = values

                def tree_flatten(self):
                    aux = (self.knots,)
                    return (self.values,), aux

                @classmethod
                def tree_unflatten(cls, aux, children):
                    return cls(aux[0], children[0])

            @jax.jit
            def total(spline):
                return spline.values.sum()

            def run():
                return [total(Spline(jnp.linspace(0.0, 1.0, 4), jnp.ones(4))) for _ in range(2)]
            """,
            line=12,
            message_contains="Aux data field `knots` of pytree class `Spline` holds an array",
        ),
        invalid(
            """
            import equinox as eqx
            import jax

            class Rotary(eqx.Module):
                dim: int = eqx.field(static=True)
                cos: jax.Array = eqx.field(static=True)

                def __init__(self, dim):
                    self.dim = dim
                    self.cos = jax.numpy.ones(dim)
            """,
            line=6,
            message_contains="Static field `cos` of pytree class `Rotary` is annotated `jax.Array`",
        ),
        invalid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnames="sizes")
            def mlp(x, sizes: list[int]):
                return x
            """,
            line=5,
            message_contains="`sizes` of jitted function `mlp` is annotated `list[int]`",
        ),
        invalid(
            """
            from dataclasses import dataclass
            from jax import jit
            import numpy as np

            @dataclass
            class Config:
                depth: int = 2

            def step(x, config: Config, table: np.ndarray):
                return x

            fast = jit(step, static_argnums=(1, 2))
            """,
            line=9,
            lines=(9, 9),
        ),
        invalid(
            """
            import jax as jx

            class Model:
                @jx.jit(static_argnums=(0, 2))
                def apply(self, x, options={"act": "relu"}):
                    return x
            """,
            line=5,
            message_contains="defaults to a `dict`",
        ),
    ]


def _read_by_attribute_name(facts, function, name: str) -> bool:
    """Whether ``function``'s body reads its parameter ``name`` with `getattr(name, ...)`."""
    for site in facts.sites(cst.Call):
        call = site.node
        if (
            site.scope.enclosing_function is function and call.args
            and isinstance(call.args[0].value, cst.Name) and call.args[0].value.value == name
            and facts.qualified_name(call.func, site.scope) == "getattr"
        ):
            return True
    return False
