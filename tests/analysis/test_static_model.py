"""The model of static values: which pytree fields are static and what jit does with them, which
static options a jit site reads (a module constant's value included), and when a site's options
mean its function is never traced.

Each case is a small program checked with the real API; the expectation is the exact list of
(line, code) findings. Every claimed hazard was run on jax 0.10.2.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxcheck.api import check_source
from jaxcheck.config import Config


def findings(source: str) -> list[tuple[int, str, str]]:
    """(line, code, severity) of each finding, `info` ones included."""
    config = Config().with_overrides(None, None, show_info=True)
    result = check_source(textwrap.dedent(source).lstrip("\n"), "case.py", config)
    assert result.error is None, result.error
    return sorted((d.line, d.code, d.severity) for d in result.diagnostics)


# A dataclass holding a PRNG key (an array) among its meta fields, and a jitted function of it.
FEATURES = """
        import dataclasses
        import jax

        @dataclasses.dataclass
        class Features:
            scale: jax.Array
            key: jax.Array

        jax.tree_util.register_dataclass(Features, data_fields=["scale"], meta_fields=["key"])

        @jax.jit
        def features(f, x):
            return x * f.scale
"""

CASES = {
    # A list in a static field (`register_dataclass` reads `metadata=dict(static=True)`): jit keeps
    # the list it first saw, so an in-place change reuses the stale program (measured: no error,
    # no recompile, `len(p.sizes)` stays 2 after `append(3)`). Only then: `info`.
    "list_in_static_metadata_field": (
        """
        import dataclasses
        import jax

        @dataclasses.dataclass
        class Params:
            weights: list
            sizes: list = dataclasses.field(metadata=dict(static=True))

        jax.tree_util.register_dataclass(Params)
        """,
        [(7, "JAX301", "info")],
    ),
    # The same in an equinox module's static field; a tuple there is hashable and stays quiet.
    "dict_in_equinox_static_field": (
        """
        import equinox as eqx
        import jax

        class Renderer(eqx.Module):
            xx: jax.Array
            names: tuple = eqx.field(static=True)
            profiles: dict = eqx.field(static=True)
        """,
        [(7, "JAX301", "info")],
    ),
    # An array in a meta field: one call compiles and runs (measured); only the declaration is
    # reported.
    "array_in_meta_field_called_once": (
        FEATURES + """

        def main():
            return features(Features(jax.numpy.ones(2), jax.random.PRNGKey(0)), 1.0)
        """,
        [(7, "JAX301", "error")],
    ),
    # A second call with another instance compares the arrays and raises (measured: ValueError):
    # that call is reported, the first is not.
    "array_in_meta_field_called_twice": (
        FEATURES + """

        def main():
            features(Features(jax.numpy.ones(2), jax.random.PRNGKey(0)), 1.0)
            return features(Features(jax.numpy.ones(2), jax.random.PRNGKey(1)), 1.0)
        """,
        [(7, "JAX301", "error"), (18, "JAX302", "error")],
    ),
    # `static_argnames` given a module constant: its value is read where the decorator runs
    # (measured: jit raises ValueError "invalid argnames {'window_size'}" when it is built).
    "static_argnames_through_module_constant": (
        """
        from functools import partial
        import jax

        POOL_STATIC_ARGS = ("window_size",)
        SCALE_STATIC_ARGS = ("factor",)

        def make_pool():
            @partial(jax.jit, static_argnames=POOL_STATIC_ARGS)
            def pool(images, window):
                return images * window
            return pool

        @partial(jax.jit, static_argnames=SCALE_STATIC_ARGS)
        def scale(x, factor):
            return x * factor
        """,
        [(8, "JAX304", "error")],
    ),
    # `static_argnums` counting `self` of a bound method: jit raises when it is built (measured:
    # ValueError "static_argnums=(2,), but only accepts 2 positional arguments"), so the method
    # is never traced through it and `jnp.arange(horizon)` is no second finding.
    "argnums_past_a_bound_method": (
        """
        import jax
        import jax.numpy as jnp

        class Evaluator:
            def __init__(self):
                self.rollout = jax.jit(self.discounted, static_argnums=(2,))

            def discounted(self, rewards, horizon):
                return jnp.sum(rewards[:3] * jnp.arange(horizon))

            def evaluate(self, rewards):
                return self.rollout(rewards, 10)
        """,
        [(6, "JAX303", "error")],
    ),
    # A method jit decorates sees `self` first: `static_argnums=(0, 1)` makes `example` static,
    # and the dict reaching it through `Adapter().preprocess(data)` cannot be hashed (measured:
    # ValueError "Non-hashable static arguments"); a tuple there is fine.
    "jitted_method_counts_self": (
        """
        import functools
        import jax

        class Adapter:
            @functools.partial(jax.jit, static_argnums=(0, 1))
            def padded(self, example):
                return jax.numpy.zeros(3)

            def preprocess(self, dataset):
                return [self.padded(example) for example in dataset]

            def shapes(self):
                return self.padded((3, 4))

        def run():
            return Adapter().preprocess([{"tokens": 1}, {"tokens": 2}])
        """,
        [(10, "JAX302", "error")],
    ),
    # `jax.vjp(f, *primals)` and `jax.linearize(f, *primals)` differentiate every argument, so a
    # jitted function's static positions receive tracers (measured on jax 0.10.2: both raise
    # ValueError "Non-hashable static arguments"); `jax.grad` differentiates argument 0 alone, and
    # a `partial` binding the static values keeps them out of the primals (both run).
    "vjp_differentiates_static_positions": (
        """
        import functools
        import jax

        def scale(x, n, s):
            return x * n * s

        scale_jit = jax.jit(scale, static_argnums=(1, 2))

        def run():
            out, pullback = jax.vjp(scale_jit, 1.0, 4, 1.0)
            primal, tangent = jax.linearize(scale_jit, 1.0, 4, 2.0)
            grads = jax.grad(scale_jit)(1.0, 4, 1.0)
            closed = jax.vjp(functools.partial(scale_jit, n=4, s=1.0), 1.0)
            return out, primal, grads, closed
        """,
        [(10, "JAX302", "error"), (10, "JAX302", "error"), (11, "JAX302", "error"), (11, "JAX302", "error")],
    ),
    # jit traces every argument it does not hold static as an array: a `str`, a function or a tuple
    # holding a `str` raises TypeError (measured on jax 0.10.2); None, a bool and a default left
    # out are fine. Reported at each call that passes such a value, where jax raises.
    "untraceable_arguments_at_traced_positions": (
        """
        import functools
        import jax

        def relu(x):
            return x

        @jax.jit
        def loss(x, reduction="mean", activation=None, names=(), mask=None, flag=True):
            return x

        @functools.partial(jax.jit, static_argnames="reduction")
        def fine(x, reduction="mean"):
            return x

        def run():
            loss(1.0, "sum")
            loss(1.0, activation=relu, names=("a",))
            loss(1.0, mask=None, flag=False)
            loss(1.0)
            return fine(1.0, "sum")
        """,
        [(16, "JAX306", "error"), (17, "JAX306", "error"), (17, "JAX306", "error")],
    ),
    # A function a call returns is new on each call when the function called defines it (a nested
    # `def`, a lambda), and a nested `def` of the caller is new on each run of its statement:
    # at a static position, each compiles again (measured on jax 0.10.2: 3 calls, 3 compiles,
    # for both). A module-level function handed out, or a `functools.lru_cache` factory, is the
    # same object each time (one compile).
    "functions_made_per_call_at_static_positions": (
        """
        import functools
        import jax

        @functools.partial(jax.jit, static_argnums=0)
        def apply(f, x):
            return f(x)

        def square(p):
            return p * p

        def pick(name):
            return square

        @functools.lru_cache(maxsize=None)
        def cached_scaler(s):
            return lambda p: p * s

        def scaler(s):
            def f(p):
                return p * s
            return f

        def sweep(xs):
            out = []
            for x in xs:
                def shifted(p):
                    return p + x
                out.append(apply(pick("square"), x) + apply(cached_scaler(2.0), x))
                out.append(apply(scaler(2.0), x) + apply(shifted, x))
            return out

        def run():
            return sweep([1.0, 2.0])
        """,
        [(29, "JAX405", "error"), (29, "JAX405", "error")],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_static_model(name):
    source, expected = CASES[name]
    assert findings(source) == expected


# -- callables a transformation hashes ------------------------------------------------------------

HASHED = ("jax.jit", "jax.pmap", "jax.checkpoint", "jax.remat", "jax.lax.scan", "jax.lax.while_loop", "jax.lax.cond", "jax.lax.switch")
WRAPPED = ("jax.vmap", "jax.grad", "jax.lax.fori_loop", "jax.lax.map", "equinox.filter_jit")


def test_which_transformations_hash_their_functions() -> None:
    from jaxcheck import names

    transforms = {**names.JIT_TRANSFORMS, **names.CONTROL_FLOW, **names.TRACING_TRANSFORMS}
    assert all(transforms[name].hashes_functions for name in HASHED)
    assert not any(transforms[name].hashes_functions for name in WRAPPED)


@pytest.mark.slow
def test_an_equinox_module_holding_an_array_cannot_be_hashed_by_those_that_hash() -> None:
    jax = pytest.importorskip("jax")
    eqx = pytest.importorskip("equinox")
    jnp = jax.numpy

    class Linear(eqx.Module):
        w: jax.Array

        def __call__(self, carry, x=None):
            return (carry + self.w, carry) if x is not None else carry * self.w

    model, x = Linear(jnp.ones(2)), jnp.ones(2)
    hashed = {
        "jax.jit": lambda: jax.jit(model)(x),
        "jax.checkpoint": lambda: jax.checkpoint(model)(x),
        "jax.lax.scan": lambda: jax.lax.scan(model, x, jnp.ones((3, 2))),
        "jax.lax.while_loop": lambda: jax.lax.while_loop(lambda c: False, model, x),
        "jax.lax.cond": lambda: jax.lax.cond(True, model, model, x),
        "jax.lax.switch": lambda: jax.lax.switch(0, [model, model], x),
    }
    for name, run in hashed.items():
        with pytest.raises(TypeError, match="unhashable"):
            run()
    jax.vmap(model)(jnp.ones((3, 2)))
    jax.lax.fori_loop(0, 3, lambda i, c: model(c), x)
    jax.lax.map(model, jnp.ones((3, 2)))
    eqx.filter_jit(model)(x)


STATIC_THROUGH_FIELDS = [
    (
        # a plain dataclass of arrays in a static field: its `==` compares the arrays
        """
        import dataclasses
        import jax
        import jax.numpy as jnp
        import numpy as np

        @dataclasses.dataclass(frozen=True)
        class Points:
            body: np.ndarray

        @jax.tree_util.register_dataclass
        @dataclasses.dataclass
        class Model:
            masses: jax.Array
            points: Points = dataclasses.field(metadata=dict(static=True))

        f = jax.jit(lambda m: m.masses.sum())

        def run():
            return [f(Model(jnp.ones(2), Points(np.arange(2)))) for _ in range(2)]
        """,
        [(14, "JAX301", "error")],
        ValueError,
    ),
    (
        # an array `tree_flatten` puts in the aux data, the field unannotated
        """
        import jax
        import jax.numpy as jnp

        @jax.tree_util.register_pytree_node_class
        class Spline:
            def __init__(self, knots, values):
                self.knots, self.values = knots, values

            def tree_flatten(self):
                return (self.values,), (self.knots,)

            @classmethod
            def tree_unflatten(cls, aux, children):
                return cls(aux[0], children[0])

        f = jax.jit(lambda s: s.values.sum())

        def run():
            return [f(Spline(jnp.linspace(0.0, 1.0, 4), jnp.ones(4))) for _ in range(2)]

        run()
        """,
        [(10, "JAX301", "error")],
        ValueError,
    ),
    (
        # the static half of `eqx.partition` holding a dict, given to `static_argnames`
        """
        import equinox as eqx
        import jax

        class Nested(eqx.Module):
            table: dict

        def merge(arrays, static):
            return 1.0

        def run():
            arrays, static = eqx.partition(Nested({0: 0.0}), eqx.is_array)
            return jax.jit(merge, static_argnames="static")(arrays, static)

        run()
        """,
        [(12, "JAX302", "error")],
        ValueError,
    ),
    (
        # partition keeps containers: a `list` of layers stays a `list` in the static half (a
        # `tuple` of them hashes)
        """
        from functools import partial
        import equinox as eqx
        import jax
        import jax.numpy as jnp

        class Stack(eqx.Module):
            layers: list
            bias: jax.Array

            def __init__(self, key, layers=list):
                k1, k2 = jax.random.split(key)
                self.layers = layers([eqx.nn.Linear(2, 2, key=k1), eqx.nn.Linear(2, 2, key=k2)])
                self.bias = jnp.ones(2)

        @partial(jax.jit, static_argnums=1)
        def apply(params, static, x):
            return eqx.combine(params, static).bias * x

        def run():
            key = jax.random.PRNGKey(0)
            apply(*eqx.partition(Stack(key, tuple), eqx.is_array), 1.0)  # a tuple field: hashable
            params, static = eqx.partition(Stack(key), eqx.is_array)
            return apply(params, static, 1.0)

        run()
        """,
        [(23, "JAX302", "error")],
        ValueError,
    ),
    (
        # equinox modules hash their fields: what a constructor of their own stores, not its arguments
        """
        from functools import partial
        import equinox as eqx
        import jax

        class Net(eqx.Module):
            sizes: tuple

            def __init__(self, sizes):
                self.sizes = tuple(sizes)

        class Bad(eqx.Module):
            sizes: list

            def __init__(self, sizes):
                self.sizes = list(sizes)

        @partial(jax.jit, static_argnums=0)
        def apply(net, x):
            return x * len(net.sizes)

        def run():
            apply(Net([1, 2]), 1.0)  # a tuple field: hashable
            return apply(Bad((1, 2)), 1.0)

        run()
        """,
        [(23, "JAX302", "error")],
        ValueError,
    ),
    (
        # pmap hands jit's static flag a tracer: the call raises before any trace, so `if use_b`
        # is never reached
        """
        import jax
        import jax.numpy as jnp

        def residual(a, b, use_b):
            if use_b:
                return a * b
            return a ** 2

        p_residual = jax.pmap(jax.jit(residual, static_argnums=2), in_axes=(0, 0, None))

        def run():
            return p_residual(jnp.ones((1, 2)), jnp.ones((1, 2)), True)

        run()
        """,
        [(12, "JAX302", "error")],
        ValueError,
    ),
    (
        # the first call of the loop raises: what later iterations would pass never compiles
        """
        import functools
        import jax
        import jax.numpy as jnp

        @functools.partial(jax.jit, static_argnums=0)
        def step(params, stat):
            return stat + params["w"].sum()

        def run():
            stat = jnp.array(0)
            for _ in range(3):
                stat = step({"w": jnp.ones(2)}, stat)
            return stat

        run()
        """,
        [(12, "JAX302", "error")],
        ValueError,
    ),
    (
        # an object of a plain class at a traced position (reported at the jit site); a class
        # registered as a pytree is traced
        """
        import jax

        class Mesh:
            def __init__(self, nodes):
                self.nodes = nodes

        jax.tree_util.register_pytree_node(Mesh, lambda m: ((m.nodes,), None), lambda _, c: Mesh(*c))

        class Renderer:
            def __init__(self, scale):
                self.scale = scale

        @jax.jit
        def step(x, mesh, renderer):
            return x * mesh.nodes

        def run():
            return step(1.0, Mesh(jax.numpy.ones(2)), Renderer(2.0))

        run()
        """,
        [(18, "JAX306", "error")],
        TypeError,
    ),
    (
        # a list option of argparse (`nargs="+"`), a list a field's `default_factory` makes
        """
        import argparse
        import dataclasses
        from functools import partial
        import jax

        @partial(jax.jit, static_argnums=1)
        def mlp(x, sizes):
            return x * len(sizes)

        @dataclasses.dataclass(frozen=True)
        class Config:
            sizes: list = dataclasses.field(default_factory=lambda: [64, 64])
            grid: tuple = (1, 2)

        def run():
            parser = argparse.ArgumentParser()
            parser.add_argument("--sizes", nargs="+", type=int, default=(64, 64))
            parser.add_argument("--depth", type=int, default=2)
            args = parser.parse_args(["--sizes", "32", "32"])
            mlp(1.0, (args.depth,))
            mlp(1.0, Config().grid)
            return mlp(1.0, args.sizes), mlp(1.0, Config())

        run()
        """,
        [(22, "JAX302", "error"), (22, "JAX302", "error")],
        ValueError,
    ),
]


@pytest.mark.parametrize("source, expected, raised", STATIC_THROUGH_FIELDS)
def test_values_reaching_static_positions_through_fields(source: str, expected: list, raised: type) -> None:
    assert findings(source) == expected


@pytest.mark.slow
@pytest.mark.parametrize("source, expected, raised", STATIC_THROUGH_FIELDS)
def test_values_reaching_static_positions_through_fields_raise_on_jax(source: str, expected: list, raised: type) -> None:
    pytest.importorskip("jax")
    pytest.importorskip("equinox")
    namespace: dict = {}
    exec(compile(textwrap.dedent(source).lstrip("\n").replace("\nrun()\n", "\n"), "case.py", "exec"), namespace)
    with pytest.raises(raised):
        namespace["run"]()
