"""Factories of jitted callables that the project runs again and again (JAX402 at the factory).

A function that builds a fresh jitted callable (`jax.jit(closure)`, `jax.jit(partial(f, n=n))`,
`jax.pmap` of a nested function) and hands it out (returns it, stores it on its object)
compiles once per run once the product is called. Measured on jax 0.10.2
(bench/measure_factory_reruns.py): a factory returning `jax.jit(closure)` called 3 times
compiles 3 times, once called once and its product 3 times; `__init__` storing `jax.jit` of a
nested function, 3 objects, 3 times; a lazily guarded `if self._fn is None` build, one object
called 3 times, once; `tree_reduce(jax.jit(add), tree)` in a helper called 3 times, 3 times.
Each test writes a small project to ``tmp_path`` and checks it with the real API."""

from __future__ import annotations

from test_crossmodule import findings, write

PARTITIONER = """
    import functools
    import jax


    class Partitioner:
        def partition(self, step_fn, size):
            fn = functools.partial(step_fn, size=size)
            return jax.jit(fn)
"""


def test_a_factory_called_per_split_in_another_module_is_reported_at_the_factory(tmp_path):
    write(tmp_path, {
        "partitioner.py": PARTITIONER,
        "main.py": """
            from partitioner import Partitioner

            def step(x, size):
                return x * size

            def evaluate(partitioner, splits):
                steps = [partitioner.partition(step, s["size"]) for s in splits]
                return [f(s["x"]) for f, s in zip(steps, splits)]
        """,
    })
    assert findings(tmp_path) == [("partitioner.py", 8, "JAX402")]


def test_a_factory_called_once_at_setup_stays_quiet(tmp_path):
    write(tmp_path, {
        "partitioner.py": PARTITIONER,
        "main.py": """
            from partitioner import Partitioner

            def step(x, size):
                return x * size

            def train(batches):
                fast = Partitioner().partition(step, 8)
                return [fast(b) for b in batches]
        """,
    })
    assert findings(tmp_path) == []


def test_a_factory_called_over_a_written_list_of_configurations_stays_quiet(tmp_path):
    write(tmp_path, {
        "partitioner.py": PARTITIONER,
        "main.py": """
            from partitioner import Partitioner

            def step(x, size):
                return x * size

            def sweep(x):
                steps = [Partitioner().partition(step, n) for n in (8, 16)]
                return [f(x) for f in steps]
        """,
    })
    assert findings(tmp_path) == []


def test_a_constructor_jitting_a_closure_built_per_step_through_a_helper_is_reported(tmp_path):
    write(tmp_path, {
        "defs.py": """
            from functools import partial
            import jax

            pmap_here = partial(jax.pmap, devices=jax.devices())
        """,
        "stats.py": """
            import jax.numpy as jnp
            from defs import pmap_here

            class Sampled:
                def __init__(self, data):
                    self.prepare()
                    self.data = data

                def prepare(self):
                    def mean_helper(d):
                        return jnp.mean(d)
                    self._mean = pmap_here(mean_helper)

                def mean(self):
                    return self._mean(self.data)
        """,
        "main.py": """
            import jax.numpy as jnp
            from stats import Sampled

            def step(i):
                return Sampled(jnp.ones((1, 3)) * i).mean()

            def run():
                for i in range(3):
                    step(i)
        """,
    })
    assert findings(tmp_path) == [("stats.py", 12, "JAX402")]


def test_a_lazily_built_jit_kept_on_the_object_stays_quiet(tmp_path):
    write(tmp_path, {
        "model.py": """
            import jax

            class Model:
                def __init__(self):
                    self._fns = {}

                def predict(self, x, scale):
                    if scale not in self._fns:
                        def infer(v):
                            return v * scale
                        self._fns[scale] = jax.jit(infer)
                    return self._fns[scale](x)
        """,
        "main.py": """
            from model import Model

            def run(xs):
                model = Model()
                return [model.predict(x, 2.0) for x in xs]
        """,
    })
    assert findings(tmp_path) == []


def test_a_product_called_by_the_caller_is_reported_at_that_call_not_at_the_factory(tmp_path):
    write(tmp_path, {
        "utils.py": """
            import jax

            def factorize(a):
                @jax.jit
                def project(x):
                    return a @ x
                return a, project
        """,
        "main.py": """
            from utils import factorize

            def solve_once(a, x):
                _, project = factorize(a)
                return project(x)

            def run(a, xs):
                for x in xs:
                    solve_once(a, x)
        """,
    })
    assert ("utils.py", 4, "JAX402") not in findings(tmp_path)


def test_a_jit_handed_to_tree_reduce_compiles_on_each_call_of_its_helper(tmp_path):
    write(tmp_path, {
        "main.py": """
            import jax

            def reduce_sum(tree):
                def add(x, y):
                    return x + y
                return jax.tree_util.tree_reduce(jax.jit(add), tree)

            def run(trees):
                return [reduce_sum(t) for t in trees]
        """,
    })
    assert findings(tmp_path) == [("main.py", 6, "JAX402")]


def test_a_name_bound_to_a_partial_of_jit_is_jit_with_those_options(tmp_path):
    write(tmp_path, {
        "main.py": """
            from functools import partial
            import jax

            jit_static = partial(jax.jit, static_argnums=1)

            def power(x, n):
                return x ** n

            fast_power = jit_static(power)

            def run(xs):
                return [fast_power(x, 3) for x in xs]

            def helper(x):
                def inner(v, n):
                    return v * n
                return jit_static(inner)(x, 2)

            def loop(xs):
                return [helper(x) for x in xs]
        """,
    })
    assert findings(tmp_path) == [("main.py", 17, "JAX402")]


def test_a_factory_run_once_per_key_and_kept_under_that_key_stays_quiet(tmp_path):
    # chemtrain's trainer: one step-size search per state point, each kept for the training
    write(tmp_path, {
        "search.py": """
            import jax

            def init_search(weight_fn):
                @jax.jit
                def search(params):
                    return weight_fn(params)
                return search
        """,
        "trainer.py": """
            from search import init_search

            class Trainer:
                def init_searches(self, weight_fns):
                    self._search = {}
                    for key, weight_fn in weight_fns.items():
                        self._search[key] = init_search(weight_fn)
                    self._jits = {k: init_search(f) for k, f in weight_fns.items()}
        """,
    })
    assert findings(tmp_path) == []


def test_a_factory_that_lowers_its_jit_ahead_of_time_stays_quiet(tmp_path):
    # dreamerv3's `ckpt_fn`: `jax.jit(lambda x: x, in, out).lower(spec)` then `.compile()`, per
    # group of parameters: each compile is asked for explicitly, not a cached function missed.
    write(tmp_path, {
        "internal.py": """
            import jax


            def ckpt_fn(params, mirrored, original):
                gather_fn = jax.jit(lambda x: x, (original,), mirrored).lower(params).compile()
                shard_fn = jax.jit(lambda x: x, (mirrored,), original).lower(params).compile()
                return gather_fn, shard_fn
        """,
        "main.py": """
            from internal import ckpt_fn

            def grouped(groups, mirrored, original):
                return [ckpt_fn(g, mirrored, original) for g in groups]
        """,
    })
    assert findings(tmp_path) == []
