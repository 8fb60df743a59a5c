"""Saving an intermediate layer's activations with NumPy inside the jitted step.

Source: https://github.com/rowanz/merlot_reserve/issues/16
What happened: while fine-tuning, the user tried to save the embedding of an
intermediate transformer layer, but inside the jitted function it is a
Traced<ShapedArray> and NumPy conversion failed ("The NumPy.ndarray conversion
method __array__() was called on the JAX Tracer object").
Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp

from model import finetune_step


def run():
    keys = jax.random.split(jax.random.PRNGKey(0), 3)
    params = [jax.random.normal(k, (4, 4)) * 0.1 for k in keys]
    return finetune_step(params, jnp.ones((2, 4)))
