"""A blog reader wanted a jitted simulation step to repeat an update a random number of
times, with the count drawn from jax.random inside the function. The count is a traced
int32 scalar, and handing it to Python's `range()` requires a concrete integer, so
tracing stops with a TracerIntegerConversionError. The article's fix draws the count
outside jit and marks it static (or uses lax.fori_loop).

Source: https://openillumi.com/en/en-jax-jit-dynamic-loop-error-fix
Observed on jax 0.10.x: raises TracerIntegerConversionError
"""
import jax
import jax.numpy as jnp


@jax.jit
def noisy_relaxation(key, state):
    key, count_key = jax.random.split(key)
    num_iters = jax.random.randint(count_key, (), minval=1, maxval=10)
    for _ in range(num_iters):  # expect: JAX204
        key, sub = jax.random.split(key)
        state = 0.9 * state + 0.1 * jax.random.normal(sub, state.shape)
    return state


def run():
    state = jnp.zeros(4)
    return noisy_relaxation(jax.random.PRNGKey(0), state)
