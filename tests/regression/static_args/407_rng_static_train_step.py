"""A PRNG key listed among the static arguments of a train step.

Source: https://github.com/google/flax/issues/2410
The user wrapped `train_step(state, metric, batch)` with
`static_argnums=(0, 1)` and, by mistake, passed the rng created with
`jax.random.PRNGKey(seed)` in one of those slots; jax refused to hash the
device array ("unhashable type: 'DeviceArray'").

Observed on jax 0.10.2: raises ValueError
"""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(1, 2))
def train_step(params, rng, dropout_rate, batch):
    x, y = batch
    keep = jax.random.bernoulli(rng, 1.0 - dropout_rate, x.shape)
    pred = (x * keep / (1.0 - dropout_rate)) @ params

    loss = jnp.mean((pred - y) ** 2)
    return params - 0.1 * jax.grad(lambda p: jnp.mean(((x @ p) - y) ** 2))(params), loss


def run():
    rng = jax.random.PRNGKey(0)
    params = jnp.zeros((3,))
    batch = (jnp.ones((4, 3)), jnp.ones((4,)))
    for step in range(2):
        rng, step_rng = jax.random.split(rng)
        params, loss = train_step(params, step_rng, 0.1, batch)  # expect: JAX302
    return params
