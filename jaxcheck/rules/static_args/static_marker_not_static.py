from __future__ import annotations

import libcst as cst

from ...analysis.syntax.annotations import annotation_kind
from ..base import Context, Rule, invalid, valid
from ... import argnums
from ...analysis.transforms.jit_signature import signatures


class StaticMarkerNotStatic(Rule):
    """
    ## What it does
    Checks for a parameter annotated `jaxcheck.typing.Static[T]` on a jitted function that does
    not list it in `static_argnums` or `static_argnames`; and for a parameter left out of them
    that a call passes a value jit cannot trace: a `str` or `bytes`, a function, a
    `functools.partial`, what `jax.jit`, `jax.grad` or `jax.vmap` return, an optax transformation
    (`optax.adam(...)`, a NamedTuple of functions), an object of a plain
    class or a `@dataclass` of the checked code that nothing registers as a pytree, or a tuple,
    list or dict holding one (also a constant of another module, a field of a config object, a
    default); through a jitted function or a jitted bound method (`jax.jit(self.apply)`). A pytree passed there (an equinox module, a NamedTuple, a
    registered dataclass) whose field not declared static holds such a value, or a `set` or
    `frozenset`, is reported at that field's declaration: its leaves are traced like arguments.

    ## Why is this bad?
    The annotation documents (and tells this linter) that the value is a concrete Python value,
    but only the jit options make it one: JAX traces the parameter like any other. Measured on
    jax 0.10.2: with `n: Static[int]` left out of the options, `if n > 0:` raises
    `TracerBoolConversionError` and `jnp.zeros(n)` raises `TypeError: Shapes must be 1D sequences
    of concrete values`. The linter trusts the annotation, so it reports neither of those.
    A value jit cannot trace fails at the call: measured on jax 0.10.2, `jax.jit(f)(x, "sum")`
    raises `TypeError: Error interpreting argument to ... as an abstract array`, and so do a
    function, a bound method, a `functools.partial`, `("a",)` and an instance of a plain class;
    `None`, a bool, a `jax.tree_util.Partial` and an instance of a class registered with
    `register_pytree_node` are traced. So do `jax.jit(g)`, a `@dataclass` instance (frozen or
    not; hashable, it is a fine static argument) and a `str` field of a class a decorator of the
    checked code registers with constant aux data (`tree_math.struct`); the traceback names the
    call (bench/measure_untraceable_arguments.py). An equinox module whose `method: str` or
    `tags: frozenset` field is not `eqx.field(static=True)`, and a NamedTuple holding a `str`,
    raise `TypeError` under `jax.jit` too (measured; `eqx.filter_jit` keeps them static), as do
    `optax.adam(0.1)` and `optax.chain(...)` (measured with optax 0.2.8,
    bench/measure_static_through_objects.py), an optax schedule (`optax.linear_schedule(...)`, a
    function of the step; bench/measure_optax_schedules_under_jit.py), and so do equinox layers that keep a function or a
    `str` as a leaf: `eqx.nn.MLP` (its activations), `eqx.nn.Lambda(jax.nn.relu)`,
    `eqx.nn.BatchNorm(n, "batch")`, the pooling layers (`eqx.nn.MaxPool2d`, `AvgPool1d`, ...: their
    reduction is a function), `eqx.nn.WeightNorm`, and an `eqx.nn.Sequential` holding one (measured with equinox
    0.13.8, bench/measure_equinox_layers_under_jit.py; `eqx.nn.Linear` and the other layers
    holding arrays only are traced), and a NumPy array of `str` or `bytes` (`np.array` of a list
    of them: jax has no text dtype), alone or in a dict (a batch holding its examples' ids), and
    a function, class or module of jax, NumPy or `math` (`jax.nn.relu`, `jnp.tanh`, `np.sum`,
    `jnp.float32`; measured, bench/measure_library_values_at_traced_positions.py), while their
    float constants (`jnp.pi`, `np.inf`) are Python floats and traced, and a class of the
    checked code passed itself (`jax.jit(f)(x, Config)`), a Python builtin (`sum`, `print`,
    `int`, alone or in a tuple) and a method bound to an instance of a plain class or a
    NamedTuple (`model.apply` kept in a train state; an equinox module's method is a module,
    traced; bench/measure_builtins_and_bound_methods.py).

    ## Example
    ```python
    @jax.jit
    def pad(x, n: Static[int]):
        return jnp.concatenate([x, jnp.zeros(n)])
    ```

    ## Use instead
    ```python
    @partial(jax.jit, static_argnames="n")
    def pad(x, n: Static[int]):
        return jnp.concatenate([x, jnp.zeros(n)])
    ```

    Where the finding sits: a `Static` annotation left out of the options, at the jit site (the
    decorator, or the `jax.jit(...)`/`jax.pmap(...)` call), whose options the fix completes; a
    value jit cannot trace, at the argument of the call that passes it, where the value is written
    (jax raises at that call, its traceback names it), in whichever module the call is; the instance a jitted
    method is called through (`@jax.jit` on `def step(self, x)`, an object of a plain class),
    which no call writes as an argument, at the jit decorator whose options leave `self` out; when that value is a
    pytree whose field not declared static holds it, at the field's declaration if its class is
    declared in the module of the call (the fix is there, and serves every call), else at the call.

    ## Known problems
    Only literal options are read; a jit site whose `static_argnames` is computed is skipped.
    A value jit cannot trace is reported where the analysis sees the call pass it, for `jax.jit`,
    `jax.pmap` and `pjit` (equinox's `filter_jit` makes such values static itself).

    ## References
    - [`jax.jit` static arguments](https://docs.jax.dev/en/latest/_autosummary/jax.jit.html)
    """

    CODE = "JAX306"
    NAME = "static-marker-not-static"
    MESSAGE = "Parameter `{param}` of jitted function `{function}` {problem}"
    ANNOTATED = "is annotated `Static` but is not in `static_argnums`/`static_argnames`, so JAX traces it"
    UNTRACEABLE = "is not in `static_argnums`/`static_argnames`, and a call passes it `{argument}`, {value}, which jit cannot trace: the call raises `TypeError`"
    FIELD = (
        "is given `{argument}`, {value}: field `{field}` of pytree class `{owner}` is not declared "
        "static, so jit traces it as an array and cannot: the call raises `TypeError`"
    )
    FIX_TITLE = "Add the parameter to `static_argnames`"

    def check(self, context: Context) -> None:
        facts = context.facts
        for signature in signatures(facts):
            spec = signature.site.spec
            if spec.static_argnums is None or spec.static_argnames is None:
                continue
            # a negative number makes static whichever positional parameter a call's last
            # arguments land on (jax's one reading, :mod:`jaxcheck.argnums`)
            static = signature.static_names() | argnums.maybe_static_names(
                signature.parameters, signature.selection("static", spec.static_argnums, spec.static_argnames),
            )
            for param in signature.params[signature.skip :]:
                if param.name in static or param.annotation is None:
                    continue
                if annotation_kind(param.annotation, signature.function.parent, facts.resolver) == "static":
                    context.report(self, signature.site.application.node, param=param.name, function=signature.name, problem=self.ANNOTATED)
        reported = set()
        for found in facts.untraceable_arguments:
            declared = _field_declaration(facts, *found.field) if found.field is not None else None
            if declared is not None:
                # At the field, which the user declares static: the options cannot help.
                if declared not in reported:
                    reported.add(declared)
                    owner, name = found.field  # type: ignore[misc]
                    problem = self.FIELD.format(field=name, owner=owner.name, argument=context.code(found.argument), value=found.description)
                    context.report(self, declared, param=found.param, function=found.function.name, problem=problem)
                continue
            # At the argument of the call, where the value is written (jax raises at that call,
            # its traceback names it); the instance a jitted method is called through is
            # written by no call: at the jit.
            where = found.jit_site if found.receiver and found.function.node in facts.functions_by_node else (found.argument or found.call)
            key = (where, found.function, found.param)
            if found.function.param(found.param) is None or key in reported:
                continue
            reported.add(key)
            problem = self.UNTRACEABLE.format(argument=context.code(found.argument), value=found.description)
            context.report(self, where, param=found.param, function=found.function.name, problem=problem)

    VALID = [
        valid(
            """
            from functools import partial
            import equinox as eqx
            import jax

            @partial(jax.jit, static_argnames="reduction")
            def loss(x, reduction="mean", mask=None, flag=False):
                return x

            loss(1.0, "sum", None, True)  # static, or traced as a pytree (None, a bool)
            loss(1.0)  # the default stays a Python value

            @jax.jit
            def apply(x, fn):
                return fn(x)

            apply(1.0, jax.tree_util.Partial(jax.numpy.tanh))  # a pytree
            jax.jit(lambda x, factor: x * factor)(1.0, jax.numpy.pi)  # a library's float constant

            @eqx.filter_jit
            def scaled(x, mode):
                return x

            scaled(1.0, "sum")  # filter_jit keeps what is no array static
            """
        ),
        valid(
            """
            import equinox as eqx
            import jax
            import jax.numpy as jnp

            def loss(model, x):
                return model(x)

            key, x = jax.random.PRNGKey(0), jnp.ones(2)
            jax.jit(loss)(eqx.nn.Linear(2, 1, key=key), x)  # arrays and static fields only
            jax.jit(loss)(eqx.nn.Sequential([eqx.nn.Linear(2, 2, key=key), eqx.nn.Linear(2, 1, key=key)]), x)
            eqx.filter_jit(loss)(eqx.nn.MLP(2, 1, 4, 3, key=key), x)  # functions kept static
            """
        ),
        valid(
            """
            from functools import partial
            import jax
            from jaxcheck.typing import Static

            @partial(jax.jit, static_argnames="n")
            def pad(x, n: Static[int]):
                return x

            @partial(jax.jit, static_argnums=-1)
            def tail(x, n: Static[int]):
                return x
            """
        ),
        valid(
            """
            import jax
            from jaxcheck.typing import Static

            def scale(x, factor: Static[float]):
                return x * factor

            fast = jax.jit(scale, static_argnums=1)
            options = ("factor",)
            dynamic = jax.jit(scale, static_argnames=options)  # not literal: skipped
            """
        ),
        valid(
            """
            import numba
            from jaxcheck.typing import Static

            def jit(f):
                return f

            @jit
            def pad(x, n: Static[int]):
                return x

            @numba.jit
            def other(x, n: Static[int]):
                return x
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import equinox as eqx
            import jax
            import jax.numpy as jnp

            class Interpolator(eqx.Module):
                x: jax.Array
                method: str  # a leaf: jit traces it

                def __init__(self, x, method="cubic"):
                    self.x = jnp.asarray(x)
                    self.method = method

            @jax.jit
            def evaluate(interp, q):
                return interp.x * q

            evaluate(Interpolator(jnp.ones(3), "nearest"), 2.0)
            """,
            line=7,
            message_contains="field `method` of pytree class `Interpolator` is not declared static",
        ),
        invalid(
            """
            import jax

            def relu(x):
                return x

            @jax.jit
            def loss(x, reduction="mean", activation=None):
                return x

            loss(1.0, "sum")
            loss(1.0, activation=relu)
            """,
            line=10,
            message_contains="a call passes it `\"sum\"`, a `str`, which jit cannot trace",
            lines=(10, 11),
        ),
        invalid(
            """
            from jax import jit

            @jit
            def dxdt(t, x):
                return -x

            @jit
            def integrator(f, t, x, dt):
                return x + f(t, x) * dt

            def run(x):
                for t in range(3):
                    x = integrator(dxdt, t, x, 0.1)  # a jitted function is no pytree either
                return x
            """,
            line=13,
            message_contains="`jax.jit` of function `dxdt`",
        ),
        invalid(
            """
            import equinox as eqx
            import jax

            def make(key):
                return eqx.nn.Sequential([eqx.nn.Linear(2, 8, key=key), eqx.nn.Lambda(jax.nn.relu)])

            def loss(model, x):
                return jax.vmap(model)(x)

            key = jax.random.PRNGKey(0)
            jax.jit(loss)(eqx.nn.MLP(2, 1, 4, 3, key=key), 1.0)  # its activations are leaves
            jax.jit(loss)(make(key), 1.0)
            """,
            line=11,
            message_contains="an `eqx.nn.MLP` whose field `activation` holds library object `jax.nn.relu`",
            lines=(11, 12),
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp

            def mlp(w, x, activation):
                return activation(x @ w)

            forward = jax.jit(mlp)
            forward(jnp.eye(2), jnp.ones(2), jax.nn.relu)  # a library function is no array either
            forward(jnp.eye(2), jnp.ones(2), activation=jnp.tanh)
            """,
            line=8,
            message_contains="library object `jax.nn.relu`",
            lines=(8, 9),
        ),
        invalid(
            """
            import jax
            import jax.numpy as jnp
            import optax

            @jax.jit
            def sgd_step(params, grads, step, schedule):
                return params - schedule(step) * grads

            schedule = optax.linear_schedule(1e-2, 0.0, 1000)
            sgd_step(jnp.ones(2), jnp.ones(2), 0, schedule)  # a schedule is a Python function
            """,
            line=10,
            message_contains="an optax schedule (`optax.linear_schedule(...)`",
        ),
        invalid(
            """
            import functools
            import jax
            import jax.numpy as jnp

            def huber(a, b, delta):
                return jnp.mean(jnp.minimum(jnp.abs(a - b), delta))

            @jax.jit
            def evaluate(params, loss_fn, y):
                return loss_fn(params, y)

            evaluate(jnp.ones(3), jax.tree_util.Partial(huber, delta=1.0), jnp.zeros(3))  # a pytree
            evaluate(jnp.ones(3), functools.partial(huber, delta=1.0), jnp.zeros(3))  # no pytree
            """,
            line=13,
            message_contains="a `functools.partial` of function `huber`",
        ),
        invalid(
            """
            import jax
            import numpy as np

            @jax.jit
            def eval_step(params, batch):
                return params * batch["image"]

            def load(n):
                ids = np.array([f"test_{i:05d}".encode() for i in range(n)])  # byte strings
                return {"id": ids, "image": np.zeros((n, 4), np.float32)}

            eval_step(1.0, load(8))  # jax has no text dtype
            """,
            line=12,
            message_contains="a `dict` holding a NumPy array of `bytes`",
        ),
        invalid(
            """
            import jax

            class Optimizer:
                def __init__(self, lr):
                    self.lr = lr

                @jax.jit  # `self` is traced like any argument
                def update(self, params, grads):
                    return params - self.lr * grads

            def train(params, grads):
                opt = Optimizer(0.1)
                return opt.update(params, grads)
            """,
            line=7,
            message_contains="Parameter `self` of jitted function `update`",
        ),
        invalid(
            """
            import jax
            from jaxcheck.typing import Static

            @jax.jit
            def pad(x, n: Static[int]):
                return x
            """,
            line=4,
            message_contains="Parameter `n` of jitted function `pad` is annotated `Static`",
        ),
        invalid(
            """
            from functools import partial
            import jax as jx
            from jaxcheck import typing as jt

            @partial(jx.jit, static_argnames="mode")
            def apply(x, mode: jt.Static[str], depth: jt.Static[int]):
                return x
            """,
            line=5,
            message_contains="`depth`",
        ),
        invalid(
            """
            from jax import jit
            from jaxcheck.typing import Static

            def scale(x, factor: Static[float]):
                return x * factor

            fast = jit(scale, static_argnums=0)  # the options to complete
            """,
            line=7,
        ),
        invalid(
            """
            import functools
            import jax

            class Model:
                def apply(self, x):
                    return x

            @functools.partial(jax.jit, static_argnames=["n"])
            def f(n, a):
                return a

            f(n=(min, max), a=1.0)  # builtins hash: fine at a static position
            f(
                n=2,
                a=(sum,),  # a builtin is no array
            )
            f(n=3, a=Model().apply)  # nor is a method bound to a plain object
            """,
            line=15,
            message_contains="a `tuple` holding builtin `sum`",
            lines=(15, 17),
        ),
    ]


def _field_declaration(facts, owner, name: str) -> cst.AnnAssign | None:
    """Where ``owner``, a class of this module, declares its field ``name`` (None: elsewhere)."""
    return facts.objects.field_declarations(owner).get(name) if owner in facts.classes else None
