"""Rebuilt from https://github.com/jax-ml/jax/issues/402: an echo state network run with a jitted
Python loop over time (the loop is traced out and unrolled)."""
import jax
import jax.numpy as jnp

NUM_STEPS = 500


@jax.jit
def esn_run(params, x0, inputs):
    x = x0
    xs = []
    for t in range(NUM_STEPS):  # expect: JAX407
        x = jnp.tanh(params["J"] @ x + params["B"] @ inputs[t])
        xs.append(x)
    return jnp.stack(xs)
