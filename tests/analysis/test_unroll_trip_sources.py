"""Where an unrolled loop's trip count comes from, across calls and modules (JAX407).

Each case is a small project checked with the real API; the expectation is the exact list of
(file, line, code) findings. The jax half of each belief is asserted below when jax is
installed (`bench/measure_unroll_star_unpack.py`, `bench/measure_unroll_under_grad.py` hold the
timings).
"""

from __future__ import annotations

import pathlib
import textwrap

import pytest

from jaxcheck.api import check_paths
from jaxcheck.config import Config


def findings(root: pathlib.Path, files: dict[str, str]) -> list[tuple[str, int, str]]:
    for name, text in files.items():
        (root / name).write_text(textwrap.dedent(text).lstrip("\n"))
    result = check_paths([root], Config(root=root, show_info=True), jobs=1)
    assert result.errors == []
    where = [(pathlib.Path(d.path).resolve().relative_to(root.resolve()), d) for d in result.diagnostics]
    return sorted((path.as_posix(), d.line, d.code) for path, d in where if d.code == "JAX407")


CASES = {
    # A dimension the caller reads from a traced array and hands to a helper stays the data's
    # length there, known or not: `range(horizon)` of 5 planning steps is data-sized.
    "dimension_passed_to_a_helper": (
        {
            "planning.py": """
                import jax
                import jax.numpy as jnp

                def rollout(z, key, horizon):
                    actions = []
                    for _ in range(horizon):
                        key, sub = jax.random.split(key)
                        actions.append(jnp.tanh(z) + jax.random.normal(sub, z.shape))
                    return jnp.stack(actions)

                def planner(previous, key):
                    horizon = previous.shape[0]
                    return rollout(previous[0], key, horizon)
            """,
            "main.py": """
                import jax
                import jax.numpy as jnp
                import planning

                @jax.jit
                def plan(previous, key):
                    return planning.planner(previous, key)

                def run():
                    return plan(jnp.zeros((5, 2)), jax.random.PRNGKey(0))
            """,
        },
        [("planning.py", 6, "JAX407")],
    ),
    # `jnp.shape(x)` and `jnp.size(x)` read dimensions as `x.shape` does; a dimension of at most
    # 3 known at every trace stays structure.
    "shape_and_size_functions": (
        {
            "kernels.py": """
                import jax
                import jax.numpy as jnp

                @jax.jit
                def unravel(d):
                    m, n = jnp.shape(d)
                    out = jnp.zeros((n, n))
                    for i in range(n):
                        out = out.at[:, i].set(d[i * n:(i + 1) * n, 0])
                    return out

                @jax.jit
                def sweep(spins):
                    total = 0.0
                    for k in range(jnp.size(spins)):
                        total = total + spins[k] * spins[k - 1]
                    return total

                @jax.jit
                def xyz(v):
                    for axis in range(jnp.shape(v)[0]):
                        v = v.at[axis].set(v[axis] * 2)
                    return v

                def run():
                    return unravel(jnp.ones((49, 7))), sweep(jnp.ones(40)), xyz(jnp.ones(3))
            """,
        },
        [("kernels.py", 8, "JAX407"), ("kernels.py", 15, "JAX407")],
    ),
    # `rng, *rngs = split(rng, n + 1)` iterates the keys: one slice per row of the data;
    # `key, *subkeys = split(key, 3)` unpacks three keys of the program's structure.
    "starred_unpacking_of_keys": (
        {
            "augment.py": """
                import jax
                import jax.numpy as jnp

                @jax.jit
                def augment(rng, imgs):
                    rng, *rngs = jax.random.split(rng, imgs.shape[0] + 1)
                    key, *subkeys = jax.random.split(rng, 3)
                    flips = jax.vmap(lambda k, x: jnp.where(jax.random.bernoulli(k), x[::-1], x))
                    return flips(jnp.stack(rngs), imgs), subkeys
            """,
        },
        [("augment.py", 6, "JAX407")],
    ),
    # `zip(*trajectories)` of a tuple of traced arrays steps once per row of each.
    "zip_of_spread_arrays": (
        {
            "ppo.py": """
                import functools
                import jax
                import jax.numpy as jnp

                def loss(w, batch):
                    x, y = batch
                    return jnp.mean((x @ w - y) ** 2)

                @functools.partial(jax.jit, static_argnums=2)
                def train(w, trajectories, batch_size):
                    n = trajectories[0].shape[0] // batch_size
                    trajectories = jax.tree_util.tree_map(lambda a: a.reshape((n, batch_size) + a.shape[1:]), trajectories)
                    for batch in zip(*trajectories):
                        w = w - 0.1 * jax.grad(loss)(w, batch)
                    return w

                def run():
                    return train(jnp.zeros(3), (jnp.ones((64, 3)), jnp.ones(64)), 8)
            """,
        },
        [("ppo.py", 13, "JAX407")],
    ),
    # A jit built in another module's constructor around `value_and_grad` of a method traces
    # that method with what this module built: a list of 12 molecules, each a Hessian.
    "jit_of_a_derivative_built_in_another_module": (
        {
            "fit.py": """
                import jax
                import jax.numpy as jnp

                class Loss:
                    def __init__(self, data):
                        self.data = data
                        self._step = jax.jit(jax.value_and_grad(self._loss))

                    def _loss(self, k):
                        total = 0.0
                        for mol in self.data:
                            h = jax.hessian(lambda y: jnp.sum(k * jnp.sin(y) ** 2))(mol["x"])
                            total = total + jnp.sum(h ** 2)
                        return total

                    def __call__(self, k):
                        return self._step(k)
            """,
            "main.py": """
                import jax
                import jax.numpy as jnp
                from fit import Loss

                def run():
                    n = 12
                    keys = jax.random.split(jax.random.PRNGKey(0), n)
                    loss = Loss([{"x": jax.random.normal(k, (4,))} for k in keys])
                    return loss(jnp.asarray(1.0))
            """,
        },
        [("fit.py", 11, "JAX407")],
    ),
    # A loop run inside a differentiated function weighs its body with the backward pass: 20
    # explicit steps of a stencil on a closed-over concrete array, under `value_and_grad`.
    "loop_weighed_under_differentiation": (
        {
            "stencil.py": """
                import jax
                import jax.numpy as jnp

                def step(p, v):
                    lap = p[:-2] - 2 * p[1:-1] + p[2:]
                    return p.at[1:-1].add(1e-3 * v * lap / 0.01)

                def run():
                    start = jnp.sin(jnp.linspace(0, 3.14, 32))

                    def loss(v):
                        p = start
                        for _ in range(20):
                            p = step(p, v)
                        return jnp.mean(p ** 2)

                    def forward(v):
                        p = start
                        for _ in range(20):
                            p = step(p, v)
                        return p

                    return jax.jit(jax.value_and_grad(loss))(0.5), jax.jit(forward)(0.5)
            """,
        },
        [("stencil.py", 13, "JAX407")],
    ),
    # Objects of one class handed to another module's constructor stay objects of that class:
    # the traced loop over 16 of them calls their method, whose body it weighs.
    "objects_of_one_class_through_a_constructor": (
        {
            "modules.py": """
                import jax.numpy as jnp

                class Block:
                    def __call__(self, p, x):
                        m = p["a"] + jnp.tensordot(x, p["b"], axes=1)
                        return jnp.linalg.eigh(m)[0][: x.shape[0]]

                class Chain:
                    def __init__(self, blocks):
                        self.blocks = blocks

                    def __call__(self, params, x):
                        for block, p in zip(self.blocks, params):
                            x = x + block(p, x)
                        return x
            """,
            "main.py": """
                import jax
                import jax.numpy as jnp
                from modules import Block, Chain

                def run():
                    n = 16
                    model = Chain([Block() for _ in range(n)])
                    params = [{"a": jnp.eye(6), "b": jnp.ones((3, 6, 6))} for _ in model.blocks]
                    loss = lambda ps, x: jnp.sum(model(ps, x))
                    return jax.jit(jax.grad(loss))(params, jnp.ones(3))
            """,
        },
        [("modules.py", 13, "JAX407")],
    ),
    # A static argument as the trip count, no value in view: reported where each iteration
    # draws (or differentiates); a light body, or a traced bound, is left alone.
    "static_argument_trip_count": (
        {
            "sampler.py": """
                import functools
                import jax
                import jax.numpy as jnp

                @functools.partial(jax.jit, static_argnums=1)
                def sample(key, n):
                    x = jnp.ones(8)
                    for _ in range(n):
                        key, sub = jax.random.split(key)
                        x = x * jax.random.uniform(sub, (8,))
                    return x

                @functools.partial(jax.jit, static_argnums=1)
                def scale(x, n):
                    for _ in range(n):
                        x = x * 0.5
                    return x
            """,
        },
        [("sampler.py", 8, "JAX407")],
    ),
    # A subclass's constructor hands its arguments up with `super().__init__(...)`: the base's
    # `self.K = num_steps` is the object's field, 60 from the module constant, and the
    # sampler's loop, which draws and differentiates each step, unrolls 60 times.
    "field_set_by_the_base_constructor": (
        {
            "langevin.py": """
                import jax
                import jax.numpy as jnp

                class Langevin:
                    def __init__(self, step_size, num_steps):
                        self.s = step_size
                        self.K = num_steps

                    def __call__(self, x, key):
                        for _ in range(self.K):
                            x = x + self.s * self.grad_log(x)
                            key, sub = jax.random.split(key)
                            x = x + jnp.sqrt(2 * self.s) * jax.random.normal(sub, x.shape)
                        return x
            """,
            "prior.py": """
                import jax
                import jax.numpy as jnp
                from langevin import Langevin

                class Prior(Langevin):
                    def __init__(self, step_size, num_steps, sigma):
                        super().__init__(step_size, num_steps)
                        self.sigma = sigma

                    def grad_log(self, z):
                        return jax.grad(lambda v: jnp.sum(jnp.tanh(v)))(z) - z / self.sigma**2
            """,
            "main.py": """
                import jax
                import jax.numpy as jnp
                from prior import Prior

                STEPS = 60
                sampler = Prior(0.01, STEPS, 1.0)
                short = Prior(0.01, 3, 1.0)

                @jax.jit
                def loss(z, key):
                    return jnp.mean(sampler(z, key))
            """,
        },
        [("langevin.py", 10, "JAX407")],
    ),
    # A class registered by a call naming its own methods (`register_pytree_node(Cls,
    # Cls._flatten, Cls._unflatten)`) crosses its jitted method as a pytree: the children come
    # back traced (a (32, 2, 2) kernel: its `len` is the data's), the aux data as built (`x_n`
    # 32 from the maker's default), so the march unrolls 31 heavy steps. The two terms of a
    # (2, 2) complex coefficient table per step stay structure inside it.
    "pytree_registered_by_a_call": (
        {
            "propagator.py": """
                import jax
                import jax.numpy as jnp
                from jax import tree_util

                class Propagator:
                    def __init__(self, x_n, coefs, kernel):
                        self.x_n = x_n
                        self.coefs = coefs
                        self.kernel = kernel

                    def _flatten(self):
                        return (self.coefs, self.kernel), {"x_n": self.x_n}

                    @classmethod
                    def _unflatten(cls, static, dynamic):
                        return cls(coefs=dynamic[0], kernel=dynamic[1], **static)

                    def _convolution(self, a, b, i):
                        v = jnp.zeros(a.shape[1], dtype=complex)
                        for ind in range(1, len(a)):
                            v = v + a[ind] @ b[i - ind]
                        return v

                    def _step(self, y, conv):
                        for i in range(len(self.coefs)):
                            y = (self.coefs[i][0] * y + conv[i]) / self.coefs[i][1]
                        return y

                    @jax.jit
                    def compute(self, initial):
                        field = jnp.zeros((self.x_n, len(self.coefs)), dtype=complex)
                        y = initial
                        for i in range(1, self.x_n):
                            y = self._step(y, self._convolution(self.kernel, field, i))
                            field = field.at[i].set(y[:2])
                        return y

                tree_util.register_pytree_node(Propagator, Propagator._flatten, Propagator._unflatten)
            """,
            "main.py": """
                import jax.numpy as jnp
                from propagator import Propagator

                def make_model(x_n=32, order=2):
                    coefs = jnp.array([[0.9 + 0.1j, 1.1 - 0.1j], [0.8 + 0.05j, 1.2 - 0.05j]][:order], dtype=complex)
                    return Propagator(x_n=x_n, coefs=coefs, kernel=1e-3 * jnp.ones((x_n, order, order), dtype=complex))

                def run():
                    return make_model().compute(jnp.ones(2, dtype=complex))
            """,
        },
        [("propagator.py", 20, "JAX407"), ("propagator.py", 33, "JAX407")],
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_mechanism(name, tmp_path):
    files, expected = CASES[name]
    assert findings(tmp_path, files) == expected


def test_starred_unpacking_slices_every_row():
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")

    def unpacked(rng, x):
        rng, *rngs = jax.random.split(rng, x.shape[0] + 1)
        return jnp.stack(rngs), rng

    def equations(rows):
        return len(jax.make_jaxpr(unpacked)(jax.random.PRNGKey(0), jnp.zeros(rows)).jaxpr.eqns)

    assert equations(128) - equations(32) == 2 * 96  # a slice and a squeeze per row


def test_differentiation_doubles_an_unrolled_loop_and_stages_constants():
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")
    start = jnp.sin(jnp.linspace(0, 3.14, 32))

    def step(p, v):
        lap = p[:-2] - 2 * p[1:-1] + p[2:]
        return p.at[1:-1].add(1e-3 * v * lap / 0.01)

    def loss(v):
        p = start
        for _ in range(20):
            p = step(p, v)
        return jnp.mean(p ** 2)

    forward = len(jax.make_jaxpr(loss)(0.5).jaxpr.eqns)
    both = len(jax.make_jaxpr(jax.value_and_grad(loss))(0.5).jaxpr.eqns)
    assert both >= 2 * forward  # measured on jax 0.10.2: 263 and 578
    # Operations on the closed-over concrete array are staged too (omnistaging).
    assert len(jax.make_jaxpr(lambda v: v * (start[:-2] - 2 * start[1:-1] + start[2:]))(1.0).jaxpr.eqns) == 8


def test_a_field_the_base_constructor_sets_is_the_trip_count():
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")

    class Langevin:
        def __init__(self, num_steps):
            self.K = num_steps

        def __call__(self, x, key):
            for _ in range(self.K):
                key, sub = jax.random.split(key)
                x = x + jax.grad(lambda v: jnp.sum(jnp.tanh(v)))(x) + jax.random.normal(sub, x.shape)
            return x

    class Prior(Langevin):
        def __init__(self, num_steps):
            super().__init__(num_steps)

    def equations(steps):
        sampler = Prior(steps)
        return len(jax.make_jaxpr(sampler)(jnp.ones(4), jax.random.PRNGKey(0)).jaxpr.eqns)

    # Every step pastes its split, draw and gradient into the program (measured on jax 0.10.2:
    # 72, 288 and 1080 equations at 4, 16 and 60 steps, 18 a step).
    per_step = (equations(16) - equations(4)) // 12
    assert per_step >= 10 and equations(60) - equations(16) == 44 * per_step


def test_aux_data_of_a_pytree_registered_by_a_call_sizes_the_loop():
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")

    class March:
        def __init__(self, x_n, kernel):
            self.x_n = x_n
            self.kernel = kernel

        def _flatten(self):
            return (self.kernel,), {"x_n": self.x_n}

        @classmethod
        def _unflatten(cls, static, dynamic):
            return cls(kernel=dynamic[0], **static)

        def compute(self, y):
            for i in range(1, self.x_n):  # the aux data: a Python int inside jit
                y = y + jnp.tanh(self.kernel[i] @ y)
            return y

    jax.tree_util.register_pytree_node(March, March._flatten, March._unflatten)

    def equations(x_n):
        march = March(x_n, jnp.ones((x_n, 2, 2)))
        return len(jax.make_jaxpr(lambda m, y: m.compute(y))(march, jnp.ones(2)).jaxpr.eqns)

    # Measured on jax 0.10.2: 15, 35 and 155 equations for 4, 8 and 32 steps, five a step (a
    # slice, a squeeze, a product, a tanh and an add).
    assert equations(32) - equations(8) == 24 * ((equations(8) - equations(4)) // 4) > 0
