"""Pooling axis from a config dict is passed through jit as a traced value.

Source: https://github.com/jax-ml/jax/pull/4412
The PR improved the error for `jit(jnp.sum)(jnp.arange(4), 0)`: the `axis` argument of a
reduction must be known statically.  Here a readout layer takes its pooling axis from a
config dict that is passed as a regular (traced) argument of the jitted function.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp


def readout(h, cfg):
    pooled = h.sum(axis=cfg["pool_axis"])  # expect: JAX204
    return pooled * cfg["scale"]


@jax.jit
def predict(params, x, cfg):
    h = jnp.tanh(x @ params)
    return readout(h, cfg)


def run():
    cfg = {"pool_axis": 1, "scale": 0.5}
    return predict(jnp.ones((3, 4)), jnp.ones((2, 5, 3)), cfg)
