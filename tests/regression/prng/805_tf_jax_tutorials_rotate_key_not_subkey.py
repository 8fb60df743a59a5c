"""TF_JAX_tutorials (vmap/pmap chapter): augmentation draws from `key`, not `subkey`.

Source: https://github.com/AakashKumarNain/TF_JAX_tutorials/issues/4
("Incorrect usage of PRNG", chapter_5_vmap_pmap.ipynb cells 23-24).

Cell 23 splits `key, subkey = random.split(key)` and then samples the
per-image rotation flags with `random.randint(key, ...)` -- the parent key,
which is also what gets split again next time; "subkey is never used". Cell 24
then re-creates `key = random.PRNGKey(0)` on every pass of its loop, so every
pass draws exactly the same flags. Both lines are marked (the report listed
both). The drawn `key` is also what `augment_batch` returns, and the next call
splits it again (a draw and a split of one key). Image rotation kept as in the notebook (vmapped `lax.cond`).

Observed on jax 0.10.2: 2 of 3 calls
"""
import jax
import jax.numpy as jnp
from jax import random


def rotate_img(img, rotate):
    return jax.lax.cond(rotate, lambda x: jnp.rot90(x, k=1), lambda x: x, img)


def augment_batch(images, key, batch_size):
    key, subkey = random.split(key)
    rotate = random.randint(key, shape=[batch_size], minval=0, maxval=2)  # missed: JAX501 (the draw and the caller's split of the returned key are in different functions)
    return jax.vmap(rotate_img)(images, rotate.astype(bool)), rotate, key  # expect: JAX505


def train_epochs(images, images_val, batch_size, num_epochs=3):
    flags = []
    for _ in range(num_epochs):
        key = random.PRNGKey(0)  # expect: JAX503
        augmented, rotate, key = augment_batch(images, key, batch_size)
        augmented_val, _, key = augment_batch(images_val, key, batch_size)
        flags.append(rotate)
    return flags


def run():
    batch_size = 8
    images = jnp.arange(batch_size * 4 * 4, dtype=jnp.float32).reshape(batch_size, 4, 4)
    flags = train_epochs(images, images + 1.0, batch_size)
    # how many passes drew exactly the rotation flags of the first pass
    return sum(int(jnp.array_equal(f, flags[0])) for f in flags[1:])
