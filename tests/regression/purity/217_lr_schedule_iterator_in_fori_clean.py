"""Learning-rate schedule stored as an array indexed by the loop counter (the fix).

Source: https://devgem.io/posts/understanding-jax-tracing-and-control-flow
The post's recommendation: inside `lax.fori_loop` index an array with the
loop counter (`x + array[i]`) instead of advancing a Python iterator. Same
optimiser loop as the hazard case; every step uses its own step size.

Observed on jax 0.10.2: 5 of 5 calls
"""
import jax
import jax.numpy as jnp

SCHEDULE = jnp.array([0.5, 0.25, 0.125, 0.0625, 0.03125])


def descend(x0, schedule, n_steps):
    def body(i, carry):
        x, used = carry
        lr = schedule[i]
        return x - lr * 2.0 * x, used.at[i].set(lr)

    return jax.lax.fori_loop(0, n_steps, body, (x0, jnp.zeros(n_steps)))


def run():
    _, used = descend(jnp.ones(2), SCHEDULE, 5)
    return int(jnp.sum(used > 0))
