"""JAX407 on real jax (CPU): the unrolled example's traced program grows with the trip count,
the `lax.scan` form's does not. Compile time follows the program's size; the time curve behind
the threshold is in `bench/bench_unroll.py` (a timed assertion here failed on a loaded machine)."""

from __future__ import annotations

import pytest

from .conftest import load_example

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")


def _equations(function, steps: int) -> int:
    args = [jnp.ones((steps, 4)) for _ in range(3)]
    return len(function.trace(*args).jaxpr.eqns)  # the jitted function's own program


@pytest.mark.parametrize(("kind", "grows"), [("bad", True), ("good", False)])
def test_jax407_traced_program_grows_with_the_trip_count(kind, grows):
    example = load_example(f"recompilation/jax407_unrolled_loop_in_jit_{kind}.py")
    short, long = _equations(example.gae, 8), _equations(example.gae, 32)
    assert (long > 3 * short) is grows, (short, long)


def test_the_two_forms_agree():
    bad = load_example("recompilation/jax407_unrolled_loop_in_jit_bad.py")
    good = load_example("recompilation/jax407_unrolled_loop_in_jit_good.py")
    args = [jnp.linspace(0, 1, 24).reshape(8, 3) for _ in range(2)] + [jnp.zeros((8, 3))]
    assert jnp.allclose(bad.gae(*args), good.gae(*args), atol=1e-5)
