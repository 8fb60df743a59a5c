"""In the diffusion-baseline refactor the tokenizer's `mask_and_encode(videos, rng, training)`
takes an rng argument, and the train step threads a fresh split into it every step, but the
masking code builds its keys from `jax.random.key(0)` instead of the argument. Every training step
therefore masks exactly the same patches ("We are initializing the same key every step").

Source: https://github.com/p-doom/jasmine/pull/239
Observed on jax 0.10.x: train_step compiled 1 times; 2 of 3 calls
"""
import jax
import jax.numpy as jnp

from tokenizer import TokenizerMAE

model = TokenizerMAE(patch_size=4)


@jax.jit
def train_step(videos, rng):
    outputs = model.mask_and_encode(videos, rng, training=True)
    loss = jnp.mean(outputs["latents"] ** 2)
    return loss, outputs["mask"]


def run():
    rng = jax.random.key(42)
    videos = jnp.ones((2, 3, 16, 16, 3))
    masks = []
    for _ in range(3):
        rng, _rng = jax.random.split(rng)
        _, mask = train_step(videos, _rng)
        masks.append(mask)
    return sum(int(bool(jnp.all(m == masks[0]))) for m in masks[1:])
