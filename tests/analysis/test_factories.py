"""The class of a value a factory returns, read from the factory's annotation or its `return`s,
in this module or another one of the project, and for names unpacked from a returned tuple.

Each test writes a small project to ``tmp_path`` and asserts the exact findings of the real API.
"""

from __future__ import annotations

from test_crossmodule import findings, write

NEIGHBORS = """
    import dataclasses
    from typing import Callable, Tuple


    @dataclasses.dataclass
    class NeighborFns:
        allocate: Callable
        update: Callable


    class Stepper:
        def update(self, x):
            return x * 2


    def neighbor_list(cutoff):
        def allocate(x):
            return x

        def update(x):
            return x + cutoff

        return NeighborFns(allocate, update)


    def neighbor_list_and_energy(cutoff) -> Tuple[NeighborFns, Callable]:
        return neighbor_list(cutoff), lambda x: x


    def stepper():
        return Stepper()
"""

LOOPS = """
    import jax
    import jax.numpy as jnp
    from md import partition


    def test_field_of_a_built_dataclass():
        fns = partition.neighbor_list(1.0)
        x = jnp.ones(3)
        for _ in range(3):
            x = jax.jit(fns.update)(x)  # the same function object each time: one compile


    def test_field_of_an_unpacked_result():
        fns, energy = partition.neighbor_list_and_energy(1.0)
        x = jnp.ones(3)
        for _ in range(3):
            x = jax.jit(fns.update)(x)


    def test_method_of_a_built_instance():
        stepper = partition.stepper()
        x = jnp.ones(3)
        for _ in range(3):
            x = jax.jit(stepper.update)(x)  # a new bound method each time
"""


def test_fields_of_factory_results_are_no_bound_methods_and_methods_are(tmp_path):
    # A checkout whose directory name is no identifier holds an `__init__.py` (as some research
    # repositories do): `md` is still imported as `md` from beside it.
    write(tmp_path, {
        "md-project/__init__.py": "",
        "md-project/md/__init__.py": "",
        "md-project/md/partition.py": NEIGHBORS,
        "md-project/runs/loop.py": LOOPS,
    })
    assert findings(tmp_path) == [("md-project/runs/loop.py", 24, "JAX401")]


def test_a_method_of_a_factory_result_is_traced_where_it_is_called(tmp_path):
    write(tmp_path, {
        "models.py": """
            class Scaler:
                def __init__(self, factor):
                    self.factor = factor

                def apply(self, x):
                    print("scaling", x)
                    return x * self.factor


            def make_scaler(factor):
                return Scaler(factor)
        """,
        "train.py": """
            import jax
            from models import make_scaler

            @jax.jit
            def step(x):
                scaler = make_scaler(2.0)
                return scaler.apply(x)
        """,
    })
    assert findings(tmp_path) == [("models.py", 6, "JAX101")]


def test_a_name_rebound_from_its_own_method_does_not_loop(tmp_path):
    write(tmp_path, {
        "sim.py": """
            import jax

            class State:
                def advance(self):
                    return State()

            def run(n):
                state = State()
                for _ in range(n):
                    state = state.advance()
                    state = jax.jit(state.advance)()
                return state
        """,
    })
    assert findings(tmp_path) == [("sim.py", 11, "JAX401")]


def test_functions_a_factory_returns_are_traced_where_jitted_and_consume_their_keys(tmp_path):
    write(tmp_path, {
        "simulate.py": """
            import jax

            def nve(energy):
                def init_fn(key, x):
                    return x + jax.random.normal(key, x.shape)

                def apply_fn(x):
                    if x.sum() > 0:
                        return x
                    return -x

                return init_fn, apply_fn
        """,
        "train.py": """
            import jax
            import jax.numpy as jnp
            from simulate import nve

            def make_train(config):
                def train(x):
                    print("training", x)
                    return x * config

                return train

            train = jax.jit(make_train(2.0))
            init_fn, apply_fn = nve(jnp.sum)
            apply_fn = jax.jit(apply_fn)
            key = jax.random.PRNGKey(0)
            noise = jax.random.normal(key, (3,))
            state = init_fn(key, noise)
        """,
    })
    assert findings(tmp_path) == [
        ("simulate.py", 8, "JAX201"), ("train.py", 7, "JAX101"), ("train.py", 17, "JAX501"),
    ]


def test_a_custom_vjp_function_a_factory_returns_runs_on_primal_values_under_grad(tmp_path):
    # jax-fem's scripts call `ad_wrapper(problem, linear=True)`, a keyword of an older signature:
    # the call raises, so the analysis reads the name `fwd_pred` from the factory's `return`. The
    # returned function is a `jax.custom_vjp` one: under `jax.grad` alone JAX runs it on the
    # primal values, where `float()` and `np.asarray` work (measured on jax 0.10.2); the plain one
    # gets JVP tracers, where they raise.
    write(tmp_path, {
        "solver.py": """
            import jax
            import jax.numpy as jnp
            import numpy as onp


            def solve(params):
                u = jnp.zeros(3) + params
                return u, float(jnp.sum(u)), onp.asarray(u)


            def solve_plain(params):
                u = jnp.zeros(3) + params
                return u, float(jnp.sum(u)), onp.asarray(u)


            def ad_wrapper(problem):
                @jax.custom_vjp
                def fwd_pred(params):
                    return solve(params)[0]

                def f_fwd(params):
                    return fwd_pred(params), params

                def f_bwd(params, v):
                    return (jnp.sum(v),)

                fwd_pred.defvjp(f_fwd, f_bwd)
                return fwd_pred


            def plain_wrapper(problem):
                def pred(params):
                    return solve_plain(params)[0]

                return pred
        """,
        "inverse.py": """
            import jax
            import jax.numpy as jnp
            from solver import ad_wrapper, plain_wrapper


            def main():
                fwd_pred = ad_wrapper(None, linear=True)
                plain_pred = plain_wrapper(None, linear=True)

                def J_total(rho):
                    return jnp.sum(fwd_pred(rho))

                def J_plain(rho):
                    return jnp.sum(plain_pred(rho))

                return jax.value_and_grad(J_total)(1.0), jax.grad(J_plain)(1.0)
        """,
    })
    assert findings(tmp_path) == [("solver.py", 13, "JAX202"), ("solver.py", 13, "JAX203")]
