"""pgam_jax (penalised GAMs for neural data) fits smoothing penalties with a
PQL outer loop. Inside pql_outer_iteration it defines a local _solve_inner
closure and wraps it once with jax.jit before the loop ("so its cache hits
across outer iterations (without this it recompiled once per iter)"). The
jit object is created once per fit and called on same-shaped inputs every
iteration, so it compiles once.

Source: https://github.com/bagibence/pgam_jax/blob/f6fda48d2c6f07814e4b4e40b615f17a4789fefa/src/pgam_jax/iterative_optim.py#L254
Observed on jax 0.10.x: _solve_inner compiled 1 times
"""
import jax
import jax.numpy as jnp

from iterative_optim import pql_outer_iteration


def run():
    X = jax.random.normal(jax.random.PRNGKey(0), (20, 3))
    y = X @ jnp.array([1.0, -2.0, 0.5])
    pql_outer_iteration(jnp.float32(0.0), X, y, max_iter=5)
