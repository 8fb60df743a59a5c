"""The last, smaller batch of an epoch recompiles the jitted step.

Source: https://github.com/patrick-kidger/diffrax/issues/111
In the latent-ODE example step 39 took far longer: 10000 samples with batch size 256 leave a
last batch of a different size, and `make_step` recompiled for it.

Observed on jax 0.10.x: make_step compiled 2 times
"""

import jax
import jax.numpy as jnp


@jax.jit
def make_step(params, batch):
    return params - 0.01 * jnp.mean(batch, axis=0)


def train_epoch(params, data, batch_size=4):
    for start in range(0, data.shape[0], batch_size):
        batch = data[start:start + batch_size]
        params = make_step(params, batch)  # expect: JAX404
    return params


def run():
    train_epoch(jnp.zeros(3), jnp.ones((10, 3)))
