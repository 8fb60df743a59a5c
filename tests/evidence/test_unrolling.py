"""JAX407 on real jax (CPU): the unrolled example's trace+compile time grows with the trip count,
the `lax.scan` form's does not (the curve behind the threshold is in `bench/bench_unroll.py`)."""

from __future__ import annotations

import time

import pytest

from .conftest import load_example

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")


def _compile_seconds(function, steps: int) -> float:
    args = [jnp.ones((steps, 4)) for _ in range(3)]
    start = time.perf_counter()
    function.lower(*args).compile()
    return time.perf_counter() - start


@pytest.mark.parametrize(("kind", "grows"), [("bad", True), ("good", False)])
def test_jax407_compile_time_grows_with_the_trip_count(kind, grows):
    example = load_example(f"recompilation/jax407_unrolled_loop_in_jit_{kind}.py")
    _compile_seconds(example.gae, 4)  # warm up jax's own caches
    short, long = _compile_seconds(example.gae, 8), _compile_seconds(example.gae, 32)
    assert (long > 3 * short) is grows, (short, long)


def test_the_two_forms_agree():
    bad = load_example("recompilation/jax407_unrolled_loop_in_jit_bad.py")
    good = load_example("recompilation/jax407_unrolled_loop_in_jit_good.py")
    args = [jnp.linspace(0, 1, 24).reshape(8, 3) for _ in range(2)] + [jnp.zeros((8, 3))]
    assert jnp.allclose(bad.gae(*args), good.gae(*args), atol=1e-5)
