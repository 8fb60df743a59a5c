"""jax_v_pytorch CIFAR/MNIST: per-image augmentation keys are unpacked with `*new_rngs` under jit.

`batched_augmentation` (called from the model's loss inside the jitted `step_fn`) writes
`rng, *new_rngs = jax.random.split(rng, imgs.shape[0]+1)` and then `jnp.stack(new_rngs)`.
Star-unpacking iterates over the traced key array in Python: with a batch of B images the
trace gets B slice ops plus a B-way stack, twice per step (crop keys and flip keys), so the
program grows with the batch size. `key, sub = split(rng); keys = split(sub, B)` gives the
same keys without the Python iteration.

Source: https://github.com/Sea-Snell/jax_v_pytorch/blob/5e004326df43a68c74489c141398b233f4582764/cifar_mnist/flax/src.py#L34
Observed on jax 0.10.x: step_fn compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

from src import MLP

model = MLP([32, 10])


@jax.jit
def step_fn(params, x, y, rng):
    (loss, logs), grads = jax.value_and_grad(partial(model.loss, train=True), has_aux=True)(params, x, y, rng)
    params = jax.tree_util.tree_map(lambda p, g: p - 0.01 * g, params, grads)
    return params, logs


def run():
    rs = np.random.RandomState(0)
    imgs = jnp.asarray(rs.randint(0, 255, size=(128, 8, 8, 1)), dtype=jnp.uint8)
    labels = jnp.asarray(rs.randint(0, 10, size=(128,)))
    params = model.init(jax.random.PRNGKey(0), 64)
    rng = jax.random.PRNGKey(1)
    for _ in range(2):
        rng, new_rng = jax.random.split(rng)
        params, logs = step_fn(params, imgs, labels, new_rng)
    return None
