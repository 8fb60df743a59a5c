"""Values that reach a jitted function's static (or traced) slots through objects and helpers:
a method of another module that forwards its parameter to a static position, a class whose own
`__hash__` hashes an array, an optax transformation at a traced position, the one binder and
the one argnums reading serving the static-argument rules.

Each project test writes a small project to ``tmp_path``, checks it with the real API and
asserts the exact findings (file, line, code). The jax behaviour each one rests on is measured
in bench/measure_static_through_objects.py (jax 0.10.2, optax 0.2.8).
"""

from __future__ import annotations

import pytest

from tests.analysis.test_crossmodule import findings, messages, write

NOISES = """
    from functools import partial
    import jax

    @partial(jax.jit, static_argnames=("shape",))
    def _sample(key, shape):
        return jax.random.normal(key, shape)

    class Noise:
        def __init__(self, seed):
            self.seed = seed

        def sample(self, size):
            self.seed += 1
            return _sample(jax.random.PRNGKey(self.seed), size)
"""


def test_a_method_of_another_module_forwarding_to_a_static_position_is_reported_at_the_caller(tmp_path):
    # main's `noise.sample(size)` binds `self` to the receiver: `size` is the method's second
    # parameter, the call's first argument (measured: `ValueError: Non-hashable static arguments`).
    write(tmp_path, {
        "noises.py": NOISES,
        "main.py": """
            from noises import Noise

            def explore(noise):
                size = [4, 2]
                return noise.sample(size)

            def run():
                return explore(Noise(0))
        """,
    })
    assert findings(tmp_path) == [("main.py", 5, "JAX302")]


def test_a_tuple_forwarded_by_a_method_is_fine(tmp_path):
    write(tmp_path, {
        "noises.py": NOISES,
        "main.py": """
            from noises import Noise

            def run():
                return Noise(0).sample((4, 2))
        """,
    })
    assert findings(tmp_path) == []


def test_a_class_whose_hash_hashes_an_array_field_cannot_be_a_static_argument(tmp_path):
    write(tmp_path, {
        "main.py": """
            from functools import partial
            import jax
            import jax.numpy as jnp

            class Scaled:
                def __init__(self, x, mul):
                    self.x = x
                    self.mul = mul

                @partial(jax.jit, static_argnums=0)
                def calc(self, y):
                    return self.x * y if self.mul else y

                def __hash__(self):
                    return hash((self.x, self.mul))

                def __eq__(self, other):
                    return (self.x, self.mul) == (other.x, other.mul)

            def run():
                bad = Scaled(jnp.arange(3.0), True)
                good = Scaled(2.0, True)
                return bad.calc(jnp.ones(3)), good.calc(jnp.ones(3))
        """,
    })
    assert findings(tmp_path) == [("main.py", 23, "JAX302")]


def test_an_optax_transformation_at_a_traced_position_cannot_be_traced(tmp_path):
    write(tmp_path, {
        "main.py": """
            from functools import partial
            import jax
            import jax.numpy as jnp
            import optax

            @jax.jit
            def step(params, opt):
                return params

            @partial(jax.jit, static_argnums=1)
            def static_step(params, opt):
                return params

            OPTIMIZER = optax.chain(optax.clip(1.0), optax.sgd(0.1))

            def run():
                opt = optax.adam(0.1)
                step(jnp.ones(2), opt)
                return static_step(jnp.ones(2), OPTIMIZER)
        """,
    })
    assert findings(tmp_path) == [("main.py", 18, "JAX306")]


# -- the binder under the static-argument rules ------------------------------------------------


@pytest.mark.parametrize(("definition", "call", "expected"), [
    # an extra positional argument lands in `*rest`, as `inspect.Signature.bind` puts it there
    ("def f(x, n, *rest):", "f(1.0, [1], [2])", ["`n`", "`*rest[0]`"]),
    # by keyword: static by name, since jax completes the names from the numbers
    ("def f(x, n, m=1):", "f(1.0, m=[2], n=[1])", ["`m`", "`n`"]),
    # a negative number counts back from the arguments passed (jax's reading, measured)
    ("def f(x, n, m=1):", "f(1.0, [1])", ["`n`"]),
])
def test_static_arguments_land_where_python_binds_them(tmp_path, definition, call, expected):
    numbers = "(-1,)" if call == "f(1.0, [1])" else "(1, 2)"
    write(tmp_path, {"main.py": f"""
        from functools import partial
        import jax

        @partial(jax.jit, static_argnums={numbers})
        {definition}
            return x

        {call}
    """})
    found = [m.split(" passed to static parameter ")[1].split(" ")[0] for m in messages(tmp_path)]
    assert sorted(found) == sorted(expected)


def test_a_bound_receiver_shifts_the_positions(tmp_path):
    write(tmp_path, {"main.py": """
        from functools import partial
        import jax

        class Model:
            @partial(jax.jit, static_argnums=(0, 2))
            def apply(self, x, config):
                return x

            def __hash__(self):
                return 0

            def __eq__(self, other):
                return True

            def run(self, x):
                return self.apply(x, [1])  # `self` is position 0: the list is `config`

        Model().run(1.0)
    """})
    assert [m.split(" passed to ")[1].split(" of ")[0] for m in messages(tmp_path)] == ["static parameter `config`"]


def test_a_traced_flag_negated_stays_traced_where_it_goes(tmp_path):
    # `not training` raises (JAX201 there); fixed to `jnp.logical_not`, the helper's `if`
    # raises next (measured), so the negated flag reaches it traced.
    write(tmp_path, {"main.py": """
        import jax

        def dropout(x, deterministic):
            if deterministic:
                return x
            return x * 0.5

        @jax.jit
        def apply(x, training):
            return dropout(x, deterministic=not training)

        apply(1.0, True)
    """})
    assert findings(tmp_path) == [("main.py", 4, "JAX201"), ("main.py", 10, "JAX201")]


def test_a_partial_of_a_jitted_function_puts_its_arguments_first(tmp_path):
    # jit counts `static_argnums` over the partial's arguments and the call's together: the
    # batched row lands at position 2, static (measured: `ValueError`); a lambda keeps it at 0.
    write(tmp_path, {"main.py": """
        from functools import partial
        import jax
        import jax.numpy as jnp

        @partial(jax.jit, static_argnums=(1, 2))
        def map_row(z, alpha, t):
            return jnp.exp(-alpha * z / t)

        def transform(inputs, alpha=0.5, t=2.0):
            bad = jax.vmap(partial(map_row, alpha, t))(inputs)
            scaled = partial(map_row, inputs)
            good = scaled(alpha, t), jax.vmap(lambda z: map_row(z, alpha, t))(inputs)
            return bad, good, scaled(alpha, [t])

        transform(jnp.ones((4, 3)))
    """})
    assert findings(tmp_path) == [("main.py", 10, "JAX302"), ("main.py", 13, "JAX302")]


def test_make_jaxpr_keeps_its_static_arguments_python_values_and_hashes_them(tmp_path):
    # measured: `if n > 0` on a static `n` runs under `make_jaxpr`; a list there raises
    write(tmp_path, {"main.py": """
        import jax

        def branch(x, n):
            if n > 0:
                return x
            return -x

        def show(x):
            return jax.make_jaxpr(branch, static_argnums=1)(x, 2), jax.make_jaxpr(branch, static_argnums=1)(x, [2])
    """})
    assert findings(tmp_path) == [("main.py", 9, "JAX302")]


WRAPPERS = """
    from functools import partial
    import jax

    @partial(jax.jit, static_argnames=("cfg",))
    def f(x, cfg):
        return x

    def step(x, **kw):
        return f(x, **kw)

    def forward(*args):
        return f(*args)
"""


def test_a_wrapper_handing_on_its_kwargs_is_followed_to_the_call_that_gives_them(tmp_path):
    # measured: `step(x, cfg=[1, 2])` raises `ValueError: Non-hashable static arguments`
    write(tmp_path, {
        "lib.py": WRAPPERS,
        "main.py": """
            from lib import step

            def run(x):
                step(x, cfg=(1, 2))
                return step(x, cfg=[1, 2])
        """,
    })
    assert findings(tmp_path) == [("main.py", 5, "JAX302")]


def test_a_wrapper_of_the_same_module_handing_on_its_args(tmp_path):
    write(tmp_path, {"main.py": WRAPPERS + """
    def run(x):
        forward(x, (1, 2))
        step(x, cfg={"a": 1})
        return forward(x, [1, 2])
    """})
    # `f(*args)` of known items is reported where the spread is written (as before); `**kw`
    # at the call of `step` that writes the entry
    assert findings(tmp_path) == [("main.py", 12, "JAX302"), ("main.py", 16, "JAX302")]


def test_a_jitted_bound_method_hashes_what_a_call_passes_at_its_static_positions(tmp_path):
    # jit of `self._apply` sees the parameters after `self`: `layers` is position 1 (measured:
    # a list there raises `ValueError`); a tuple is fine
    write(tmp_path, {"main.py": """
        import jax

        class Trainer:
            def __init__(self, layers):
                self.layers = layers
                self._f = jax.jit(self._apply, static_argnums=1)

            def _apply(self, x, layers):
                return x

            def train(self, x):
                return self._f(x, self.layers)

        def run(x):
            Trainer((3, 4)).train(x)
            return Trainer([3, 4]).train(x)
    """})
    assert findings(tmp_path) == [("main.py", 12, "JAX302")]


def test_a_class_registered_by_a_helper_of_the_checked_code_is_a_pytree(tmp_path):
    # `register(Box)` hands the class to `tree_util.register_pytree_node` (pantea's
    # `register_jax_pytree_node`): its instances are traced (jax runs the method; nothing raises),
    # while `Plain`, passed to no registration, cannot be traced (`TypeError`, measured in
    # bench/measure_equinox_layers_under_jit.py).
    write(tmp_path, {
        "pytree.py": """
            from jax import tree_util

            def register(cls) -> None:
                tree_util.register_pytree_node(cls, lambda b: ((b.lattice,), None), lambda _, c: cls(*c))

            def describe(cls) -> str:
                return cls.__name__
        """,
        "box.py": """
            import jax
            from pytree import describe, register

            class Box:
                def __init__(self, lattice):
                    self.lattice = lattice

                @jax.jit
                def wrap(self, positions):
                    return positions % self.lattice

            class Plain:
                def __init__(self, lattice):
                    self.lattice = lattice

                @jax.jit
                def wrap(self, positions):
                    return positions % self.lattice

            register(Box)
            describe(Plain)
        """,
        "main.py": """
            import jax.numpy as jnp
            from box import Box, Plain

            def run():
                Box(jnp.ones(3)).wrap(jnp.ones(3))
                return Plain(jnp.ones(3)).wrap(jnp.ones(3))
        """,
    })
    # the instance a jitted method is called through is written by no call: at the decorator
    assert findings(tmp_path) == [("box.py", 16, "JAX306")]


def test_a_class_or_a_library_function_in_a_module_field_cannot_be_traced(tmp_path):
    # measured: bench/measure_library_values_at_traced_positions.py (a class) and
    # bench/measure_equinox_layers_under_jit.py (a module whose field holds `jax.nn.relu`)
    write(tmp_path, {
        "main.py": """
            from typing import Callable
            import equinox as eqx
            import jax
            import jax.numpy as jnp

            class Net(eqx.Module):
                w: jax.Array
                activation: Callable

                def __init__(self, key):
                    self.w = jax.random.normal(key, (3, 3))
                    self.activation = jax.nn.relu

            class Config:
                pass

            def loss(model, x):
                return x

            def run():
                x = jnp.ones(3)
                jax.jit(loss)(Net(jax.random.PRNGKey(0)), x)
                return jax.jit(loss)(Config, x)
        """,
    })
    assert findings(tmp_path) == [("main.py", 8, "JAX306"), ("main.py", 23, "JAX306")]


def test_a_module_holding_an_equinox_layer_is_reported_at_the_call(tmp_path):
    # the layer's own leaf (MLP's activation) is at fault, not the field holding the layer:
    # declaring `mlp` static would not mend it (jax raises `TypeError` at the call, as for the
    # MLP alone: bench/measure_equinox_layers_under_jit.py)
    write(tmp_path, {
        "main.py": """
            import equinox as eqx
            import jax
            import jax.numpy as jnp

            class Net(eqx.Module):
                mlp: eqx.nn.MLP
                scale: jax.Array

                def __init__(self, key):
                    self.mlp = eqx.nn.MLP(2, 1, 4, 2, key=key)
                    self.scale = jnp.ones(())

            def loss(net, x):
                return x

            def run():
                return jax.jit(loss)(Net(jax.random.PRNGKey(0)), jnp.ones(2))
        """,
    })
    assert findings(tmp_path) == [("main.py", 17, "JAX306")]
    assert "whose field `mlp` holds an `eqx.nn.MLP`" in messages(tmp_path)[0]
