"""TF_JAX_tutorials (clean look-alike): seed once, split per pass, draw from `subkey`.

Source: https://github.com/AakashKumarNain/TF_JAX_tutorials/issues/4
("Incorrect usage of PRNG", chapter_5_vmap_pmap.ipynb cells 23-24).

Corrected as the reporter suggested: "seed the PRNG once and split the key in
every iteration" and draw the flags from `subkey`; the carried `key` is only
ever split. A linter must not flag it. Image rotation kept as in the notebook.

Observed on jax 0.10.2: 0 of 3 calls
"""
import jax
import jax.numpy as jnp
from jax import random


def rotate_img(img, rotate):
    return jax.lax.cond(rotate, lambda x: jnp.rot90(x, k=1), lambda x: x, img)


def augment_batch(images, key, batch_size):
    key, subkey = random.split(key)
    rotate = random.randint(subkey, shape=[batch_size], minval=0, maxval=2)
    return jax.vmap(rotate_img)(images, rotate.astype(bool)), rotate, key


def train_epochs(images, images_val, batch_size, num_epochs=3):
    flags = []
    key = random.PRNGKey(42)
    for _ in range(num_epochs):
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
