"""Rebuilt from https://github.com/jax-ml/jax/issues/1223: autoregressive sampling unrolled over
8 x 8 pixels x 3 channels (192 iterations); compiling took hours."""
import jax
import jax.numpy as jnp


@jax.jit
def sample_image(params, image, key):
    for row in range(8):
        for col in range(8):  # expect: JAX407 (8 x 8 bodies already)
            for channel in range(3):
                logits = params @ image.reshape(-1)
                key, sub = jax.random.split(key)
                image = image.at[row, col, channel].set(jax.random.categorical(sub, logits))
    return image
