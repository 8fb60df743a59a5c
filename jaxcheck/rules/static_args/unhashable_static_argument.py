from __future__ import annotations

from ..base import Context, Rule, invalid, valid
from ...analysis.host.hashing import unhashable_by_declaration, value_hashing
from ...analysis.host.static_arguments import static_arguments_at_calls, unhashable_value
from ._fixes import display_fix


class UnhashableStaticArgument(Rule):
    """
    ## What it does
    Checks calls of a jitted function (of the same module, or imported from another checked
    module) that pass, at a static position or
    static keyword, a value that cannot be hashed: a `list`, `dict` or `set` display or
    comprehension, `list(...)`/`dict(...)`, a NumPy or `jnp` array constructor, an
    `argparse.Namespace` (also from `parser.parse_args()`) or `types.SimpleNamespace`, the
    list of `sorted(...)`, `.split()` or `.tolist()`, a dict view (`.keys()`), a tuple
    holding one of these, an instance of a same-module non-frozen `@dataclass` (also as the
    instance whose jitted method takes `self` static), a frozen dataclass or `NamedTuple`
    holding one of these, `vars(...)`, or a name bound once to any of these; also the entries
    of a dict display unpacked with `**config` (bound once, never changed). `pmap`'s
    `static_broadcasted_argnums` are checked like `static_argnums`. Also a call that passes a
    pytree holding an array in a static field (a `register_dataclass` meta field, an equinox or
    flax static field) after another call of the same jitted function, or in a loop. Values
    are followed through what builds them: an equinox module or flax struct holding an array or
    a list (they hash their fields), the static half of `eqx.partition(model, eqx.is_array)`
    holding a dict, an instance of another module's non-frozen dataclass, a field filled by
    `default_factory=list`, an `argparse` option that takes several values (`nargs="+"`,
    `action="append"`): a `list` in the parsed namespace; an instance of a class whose own
    `__hash__` returns `hash((self.x, ...))` with an array in `self.x`. Calls of
    `partial(jitted, *bound)` (also under `jax.vmap`) count the bound arguments first, as jit
    does; calls of a jitted bound method (`self._f = jax.jit(self._apply, static_argnums=1)`)
    count the parameters after `self`, as jit
    does: a call's argument, a batched tracer included, may land on a static position. And a
    callable object
    that cannot be hashed given as the function of a transformation that hashes it (`jax.jit`,
    `jax.pmap`, `jax.checkpoint`, `lax.scan`, `lax.while_loop`, `lax.cond`, `lax.switch`).
    And a jitted function with static positions given to lax control flow as its body
    (`lax.scan(body, init, xs)` with `body` jitted with `static_argnums=1`): the primitive passes
    it tracers there (reported at the body where the call writes it).
    A wrapper that hands its own `**kwargs` (or `*args`) on to a jitted function in host code
    (`def step(x, **kw): return f(x, **kw)`) is followed to the call of the wrapper that writes
    the value. A value that a function (or a method, called on its instance) of another module
    passes on to a static position is reported at the call that gives it to that function, unless no instance of its class can be hashed (a
    non-frozen dataclass, an equinox module declaring an array field): then the other module's
    static position is at fault, and the finding sits at its jitted call.

    ## Why is this bad?
    JAX hashes every static argument to look up the compiled program. Measured on jax 0.10.2:
    `jax.jit(f, static_argnums=1)(x, [1, 2])` raises `ValueError: Non-hashable static arguments
    are not supported`; so do a dict, a set, `np.arange(3)`, `jnp.arange(3)`, `(1, [2])` and an
    instance of a plain `@dataclass` (its `__hash__` is None). Static parameters named in
    `static_argnames` fail the same way when passed by position, and the reverse. An array in a
    static field is compared rather than hashed: one call, or two with the same instance, run;
    the call with another instance raises `ValueError` (measured on jax 0.10.2). Those
    transformations key their caches on the function they are given: an equinox module holding
    an array passed as it raises `TypeError: unhashable type` (measured on jax 0.10.2; `jax.vmap`,
    `lax.fori_loop`, `lax.map` and `eqx.filter_jit` wrap it and run). A tracer that lax control
    flow passes at a static position of a jitted body raises the same `ValueError` (scan's
    carry and slice, `fori_loop`'s index, `while_loop`'s carry; bench/measure_jitted_lax_bodies_static.py).

    ## Example
    ```python
    @partial(jax.jit, static_argnums=1)
    def mlp(x, sizes):
        ...

    mlp(x, [64, 64])
    ```

    ## Use instead
    ```python
    mlp(x, (64, 64))
    ```

    ## Known problems
    Only values whose type is plain from the call are reported; a list held in a variable is
    reported only when the name is bound once, to a display.

    ## Fix safety
    A `list` display or comprehension becomes a tuple (`[x]` → `(x,)`, `[f(i) for i in r]` →
    `tuple(f(i) for i in r)`), a `set` one a `frozenset`. The fix is safe when the jitted
    function only reads the parameter: iterates over it, unpacks it, takes `len`, tests
    membership, compares it with a literal, passes it to `tuple`, `sorted`, `sum`, `zip` and
    similar builtins, or (a tuple only) indexes it; it is unsafe when the function calls a method
    on it, stores, returns, formats or passes it elsewhere. Dicts get no fix (no hashable dict
    suits every use), nor do names bound to a display, nor displays holding an unhashable value.

    ## References
    - [`jax.jit` static arguments](https://docs.jax.dev/en/latest/_autosummary/jax.jit.html)
    """

    CODE = "JAX302"
    NAME = "unhashable-static-argument"
    MESSAGE = "{value} passed to {target} cannot be {verb}"
    FIX_TITLE = "Pass a hashable value (a tuple, a frozen dataclass)"

    def check(self, context: Context) -> None:
        facts = context.facts
        reported = set()
        for given in static_arguments_at_calls(facts):
            value = unhashable_value(facts, given.value, given.scope)
            if value is None:
                continue
            value = value[0].upper() + value[1:]
            fix = None
            if given.form == "argument":
                fix = display_fix(facts, "Pass a `{kind}`", given.value, given.scope, given.signature.function, given.param)
            if given.form != "unpacked":
                reported.add(given.node)
            target = _static_parameter(given.param, given.signature.name)
            context.report(self, given.node, fix, value=value, target=target, verb="hashed")

        # What the analysis saw reach a static position, however the call got there (through
        # `jax.grad` of a jitted function, a name bound several times), and callable objects
        # given to a transformation that hashes its function.
        seen = [(given, self._static_target(context, given), given.inner) for given in facts.static_values]
        seen += [(given, f"`{context.code(given.call.func)}` as its function, which it hashes,", None) for given in facts.hashed_functions]
        for given, target, inner in seen:
            hashing = value_hashing(facts, given.value)
            if given.argument in reported or hashing is None or hashing.kind != "unhashable":
                continue
            reported.add(given.argument)
            description = hashing.description[0].upper() + hashing.description[1:]
            if inner is not None and unhashable_by_declaration(facts, given.value):
                # No instance of its class can be hashed: the other module's static position is
                # at fault, reported at its jitted call (a caller's wrong value, at the caller).
                target = f"a static position of jitted `{context.code(given.jitted)}`"
                context.report(self, inner, None, value=description, target=target, verb="hashed")
                continue
            context.report(self, given.argument, None, value=description, target=target, verb="hashed")
        for found in facts.arrays_in_static_fields:
            context.report(
                self, found.argument, None, value=f"An array in static field `{found.path}` of pytree `{found.owner}`",
                target=f"jitted `{context.code(found.call.func)}`", verb="compared: the next call with another instance raises",
            )

    @staticmethod
    def _static_target(context: Context, given) -> str:
        if given.jitted is not None:  # passed on by a function of another module
            return f"`{context.code(given.call.func)}`, which passes it to a static position of jitted `{context.code(given.jitted)}`,"
        return f"a static position of jitted `{context.code(given.call.func)}`"

    VALID = [
        valid(
            """
            import equinox as eqx
            import jax
            import jax.numpy as jnp

            class Linear(eqx.Module):
                w: jax.Array

                def __call__(self, carry, x=None):
                    return carry * self.w

            model = Linear(jnp.ones(2))
            jax.vmap(model)(jnp.ones((3, 2)))  # vmap does not hash its function
            jax.lax.fori_loop(0, 3, lambda i, c: model(c), jnp.ones(2))
            eqx.filter_jit(model)(jnp.ones(2))
            jax.jit(lambda c: model(c))(jnp.ones(2))
            """
        ),
        valid(
            """
            from dataclasses import dataclass
            import jax
            import numpy as np

            @dataclass
            class Grid:
                shape: tuple
                spacing: object

            jax.tree_util.register_dataclass(Grid, data_fields=["spacing"], meta_fields=["shape"])

            @jax.jit
            def volume(grid):
                return grid.spacing ** 3

            volume(Grid((2, 4), np.ones((2, 4))))  # the array is a data field: a leaf
            volume(Grid((2, 4), np.ones((2, 4))))
            """
        ),
        valid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnames="sizes")
            def width(x, sizes):
                return x * sum(sizes)

            def run(x, layers):
                config = {"sizes": [64, 64]}
                config["sizes"] = tuple(layers)  # hashable by the time of the call
                return width(x, **config), width(x, **{"sizes": (32,)})
            """
        ),
        valid(
            """
            import dataclasses
            from functools import partial
            from typing import NamedTuple
            import jax

            @dataclasses.dataclass(frozen=True)
            class Config:
                sizes: tuple

            class Shape(NamedTuple):
                rows: int
                cols: int

            @partial(jax.jit, static_argnums=(0, 1))
            def init(config, shape):
                return config.sizes[0] * shape.rows

            init(Config((16, 16)), Shape(2, 3))
            """
        ),
        valid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnums=1)
            def mlp(x, sizes):
                return x

            mlp(1.0, (64, 64))
            mlp([1.0, 2.0], sizes=(1,))  # a list is fine where it is traced

            def tupled(f):
                return lambda x, sizes: f(x, tuple(sizes))

            @tupled
            @partial(jax.jit, static_argnums=1)
            def wrapped(x, sizes):
                return x

            wrapped(1.0, [64, 64])  # `tupled` converts before jit hashes
            """
        ),
        valid(
            """
            import dataclasses
            import jax

            @dataclasses.dataclass(frozen=True)
            class Config:
                depth: int = 2

            @dataclasses.dataclass
            class Keyed:
                depth: int = 2
                def __hash__(self):
                    return hash(self.depth)

            def step(x, config):
                return x

            fast = jax.jit(step, static_argnums=1)
            fast(1.0, Config())
            fast(1.0, Keyed())
            fast(1.0, frozenset({1, 2}))

            last = jax.jit(step, static_argnums=-1)  # counts from the arguments passed
            last(1.0, config=[1])  # passed by keyword: traced (measured)
            """
        ),
        valid(
            """
            import numba

            def jit(f, static_argnums=()):
                return f

            @jit(static_argnums=1)
            def mlp(x, sizes):
                return x

            mlp(1.0, [64, 64])
            """
        ),
        valid(
            """
            from functools import partial
            import jax

            class Model:
                @staticmethod
                @partial(jax.jit, static_argnums=1)
                def mlp(x, sizes):
                    return x

                def run(self, x):
                    return self.mlp([x, x], (1, 2))  # `self` is not bound: the list is `x`

            Model().run(1.0)
            """
        ),
    ]
    INVALID = [
        invalid(
            """
            import equinox as eqx
            import jax
            import jax.numpy as jnp

            class StateSpace(eqx.Module):
                a: jax.Array

                def __call__(self, state, u):
                    return self.a * state + u, state

            def simulate(x0, inputs):
                model = StateSpace(0.9 * jnp.ones(2))
                return jax.lax.scan(model, x0, inputs)  # scan hashes its body: the module hashes its array

            simulate(jnp.zeros(2), jnp.ones((5, 2)))
            """,
            line=13,
            message_contains="A `StateSpace` holding a JAX array passed to `jax.lax.scan` as its function",
        ),
        invalid(
            """
            import equinox as eqx
            import jax

            class Problematic(eqx.Module):
                nested: dict

                def __call__(self):
                    return 1.0

            def merge(parameters, static):
                return eqx.combine(parameters, static)()

            def filtered_call():
                arrays, static = eqx.partition(Problematic({0: 0.0}), eqx.is_array)
                return jax.jit(merge, static_argnames="static")(arrays, static)

            filtered_call()
            """,
            line=15,
            message_contains="A `Problematic` holding a `dict` passed to static parameter `static`",
        ),
        invalid(
            """
            from dataclasses import dataclass
            import jax
            import numpy as np

            @dataclass
            class Grid:
                points: object
                spacing: float

            jax.tree_util.register_dataclass(Grid, data_fields=["spacing"], meta_fields=["points"])

            @jax.jit
            def volume(grid):
                return grid.spacing ** 3

            volume(Grid(np.linspace(0.0, 1.0, 8).reshape(2, 4), 0.5))  # an array among the static fields: compiles
            volume(Grid(np.linspace(0.0, 1.0, 8).reshape(2, 4), 0.5))  # another instance: `==` raises
            """,
            line=17,
            message_contains="An array in static field `.points` of pytree `Grid`",
        ),
        invalid(
            """
            from functools import partial
            import jax
            import jax.numpy as jnp

            @partial(jax.jit, static_argnames=("hidden_sizes", "activation"))
            def init_params(scale, hidden_sizes, activation="relu"):
                return [scale * jnp.ones(n) for n in hidden_sizes]

            def main():
                config = {"hidden_sizes": [64, 64], "activation": "relu"}
                return init_params(0.01, **config)  # binds `hidden_sizes=[64, 64]`

            main()
            """,
            line=11,
            message_contains="static parameter `hidden_sizes`",
        ),
        invalid(
            """
            import dataclasses
            from functools import partial
            import jax

            @dataclasses.dataclass(frozen=True)
            class Config:
                sizes: list

            @dataclasses.dataclass
            class Policy:
                temperature: float

                @partial(jax.jit, static_argnums=0)
                def probs(self, logits):
                    return jax.nn.softmax(logits / self.temperature)

            @partial(jax.pmap, static_broadcasted_argnums=1)
            def scaled(x, options):
                return x * options["scale"]

            def run(x, logits):
                policy = Policy(0.5)
                policy.probs(logits)
                scaled(x, {"scale": 2.0})
                return init(Config([16, 16]))

            @partial(jax.jit, static_argnums=0)
            def init(config):
                return config.sizes[0]

            run(jax.numpy.ones((1, 2)), jax.numpy.ones(2))
            """,
            line=23,
            message_contains="passed to static parameter `self` of jitted function `probs`",
            lines=(23, 24, 25),
        ),
        invalid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnums=1)
            def select(losses, names):
                return sum(losses[n] for n in names)

            def evaluate(losses, option="mse,l1"):
                return select(losses, option.split(",")), select(losses, sorted(losses))

            evaluate({"mse": 1.0, "l1": 2.0})
            """,
            line=9,
            message_contains="A `list` (from `.split()`) passed to static parameter `names`",
            lines=(9, 9),
        ),
        invalid(
            """
            import argparse
            from functools import partial
            import jax

            @partial(jax.jit, static_argnums=1)
            def train_step(x, args):
                return x * args.lr

            parser = argparse.ArgumentParser()
            parser.add_argument("--lr", type=float, default=0.1)
            args = parser.parse_args([])
            train_step(1.0, args)
            """,
            line=12,
            message_contains="An `argparse.Namespace` passed to static parameter `args`",
        ),
        invalid(
            """
            from functools import partial
            import jax

            @partial(jax.jit, static_argnums=1)
            def mlp(x, sizes):
                return x

            mlp(1.0, [64, 64])
            """,
            line=8,
            message_contains="A `list` passed to static parameter `sizes` of jitted function `mlp`",
        ),
        invalid(
            """
            from jax import jit
            import numpy as np

            def step(x, table):
                return x

            jit(step, static_argnames="table")(1.0, (1, np.arange(3)))
            """,
            line=7,
            message_contains="A `tuple` holding an array (`np.arange(...)`)",
        ),
        invalid(
            """
            from dataclasses import dataclass
            import jax as jx

            @dataclass
            class Config:
                depth: int = 2

            class Model:
                @jx.jit(static_argnums=(0, 2))  # `self` static, hashed by identity
                def apply(self, x, config):
                    return x

                def run(self, x):
                    return self.apply(x, config=Config())

            Model().run(1.0)
            """,
            line=14,
        ),
        invalid(
            """
            import jax

            scale = jax.jit(lambda x, factor: x * factor, static_argnums=1)
            scale(2.0, {"factor": 3})
            """,
            line=4,
        ),
        invalid(
            """
            import functools
            import jax
            import jax.numpy as jnp

            @functools.partial(jax.jit, static_argnums=1)
            def body(carry, idx):  # scan hands it a traced slice at the static position
                return carry + idx, 0

            jax.lax.scan(body, 0.0, jnp.arange(3))
            """,
            line=9,
            message_contains="passed to `jax.lax.scan`, which passes it to a static position of jitted `body`",
        ),
    ]


def _static_parameter(param: str, function: str) -> str:
    return f"static parameter `{param}` of jitted function `{function}`"
