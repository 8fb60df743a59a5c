"""Channel axis stored in a dict of hyper-parameters becomes a traced squeeze axis.

Source: https://github.com/jax-ml/jax/issues/12331
Calling `jnp.squeeze(x, axis)` under `jit` with the axis held in a JAX array
(`jax.numpy.array(1)`) failed (first with a confusing "iteration over a 0-d
array", after jax-ml/jax#12334 with ConcretizationTypeError "expected a static
index or sequence of indices"). Here the axis lives in a dict of layer
settings that is passed to the jitted postprocessing function with the data.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp


@jax.jit
def postprocess(logits, settings):
    return jnp.squeeze(logits, settings["channel_axis"])  # expect: JAX202,JAX204


def run():
    settings = {"channel_axis": jnp.array(1)}
    return postprocess(jnp.ones((4, 1, 3)), settings)
