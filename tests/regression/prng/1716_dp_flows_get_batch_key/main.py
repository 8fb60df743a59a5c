"""The DP normalizing-flows research code (jax-flows, `research/dp-flows`) samples each
minibatch with `utils.get_batch(sampling, key, X, ...)`, which internally does
`temp_key, key = random.split(key)` and uses `temp_key` for the Poisson mask / permutation,
but never returns the new key. The training loop then does the very same
`temp_key, key = random.split(key)` on the unchanged key and passes `temp_key` to the
private update as the noise key. So the key that chose the minibatch is the key that draws
the DP noise, at every iteration: sampling and noise are perfectly correlated.

Source: https://github.com/ChrisWaites/jax-flows/blob/26dce814478c656b2ed7e3295ec17b09cad200ee/research/dp-flows/utils.py
Observed on jax 0.10.x: 4 of 4 calls
"""
import jax.numpy as jnp
from jax import jit, random

import utils

@jit
def private_update(rng, params, batch, noise_multiplier=1.0):
    grads = jnp.mean(batch, axis=0) - params
    noise = noise_multiplier * random.normal(rng, params.shape)
    return params + 0.1 * (grads + noise / batch.shape[0])


def run():
    key = random.PRNGKey(0)
    X = random.normal(random.PRNGKey(1), (256, 2))
    params = jnp.zeros(2)
    correlated = 0
    for iteration in range(4):
        batch, X = utils.get_batch("uniform", key, X, 32, iteration)
        batch_key = random.split(key)[0]  # what get_batch drew with
        temp_key, key = random.split(key)  # expect: JAX501,JAX505,JAX502
        params = private_update(temp_key, params, batch)
        correlated += bool(jnp.all(batch_key == temp_key))
    return correlated
