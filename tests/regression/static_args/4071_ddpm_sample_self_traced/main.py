"""A DDPM written while learning JAX (Willis1118/JAX_learning) decorates the
Diffuser methods with partial(jax.jit, static_argnums=...) and marks only the
size arguments of `sample(self, key, model, image_size, batch_size, channels)`
static (3, 4, 5). `self` (the Diffuser) and `model` (the UNet callable) sit at
traced positions, so `diff.sample(sample_key, model, 128)` fails before
tracing: jit cannot interpret a Python object or a function as an array. The
author later commented the decorators out.

Source: https://github.com/Willis1118/JAX_learning/blob/7f40d99c89b7c90a4738ec4e8ad5402a1038250b/DDPM/diffusion.py#L143
Observed on jax 0.10.x: raises TypeError
"""
import jax
import jax.numpy as jnp

from diffusion import Diffuser


def model(x, t):
    return 0.1 * x + 0.01 * t[:, None, None, None]


def run():
    diff = Diffuser(timesteps=4)
    sample_key = jax.random.PRNGKey(0)
    imgs = diff.sample(sample_key, model, 8)  # expect: JAX306
