"""goodfire-ai/spd's JAX port derives each training step's key as `fold_in(run_key, step)`;
the issue records that this counter-based scheme was checked to give the same per-step key on
every process/layout while still giving a different key at every step. The run key itself is
never consumed directly; only the folded-in keys are used for sampling.

Source: https://github.com/goodfire-ai/spd/issues/667
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def train_step(params, batch, step_key):
    mask_key, noise_key = jax.random.split(step_key)
    mask = jax.random.bernoulli(mask_key, 0.5, params.shape)
    noise = 0.01 * jax.random.normal(noise_key, params.shape)
    grad = jnp.mean(batch) * mask
    return params - 0.1 * grad + noise, mask


def run():
    run_key = jax.random.PRNGKey(1234)
    params = jnp.ones((4, 4))
    batch = jnp.ones((8,))
    masks = []
    for step in range(4):
        params, mask = train_step(params, batch, jax.random.fold_in(run_key, step))
        masks.append(np.asarray(mask))
    return sum(int(np.array_equal(masks[i], masks[i + 1])) for i in range(3))
