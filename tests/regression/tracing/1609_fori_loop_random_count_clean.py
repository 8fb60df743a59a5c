"""Look-alike of looping a random number of times inside jit: the iteration count is
drawn with jax.random inside the jitted function, but the loop is `jax.lax.fori_loop`,
whose documentation notes that a traced upper bound is lowered to a while_loop, so no
Python integer is ever needed.

Source: https://docs.jax.dev/en/latest/_autosummary/jax.lax.fori_loop.html
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp


@jax.jit
def noisy_relaxation(key, state):
    key, count_key = jax.random.split(key)
    num_iters = jax.random.randint(count_key, (), minval=1, maxval=10)

    def body(i, carry):
        state, key = carry
        key, sub = jax.random.split(key)
        return 0.9 * state + 0.1 * jax.random.normal(sub, state.shape), key

    state, _ = jax.lax.fori_loop(0, num_iters, body, (state, key))
    return state


def run():
    return noisy_relaxation(jax.random.PRNGKey(0), jnp.zeros(4))
