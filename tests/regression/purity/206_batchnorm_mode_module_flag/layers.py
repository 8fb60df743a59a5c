import jax.numpy as jnp

import settings


def batch_norm(x, running_mean, running_var):
    if settings.TRAINING:  # expect: JAX108
        mean, var = x.mean(axis=0), x.var(axis=0)
    else:
        mean, var = running_mean, running_var
    return (x - mean) / jnp.sqrt(var + settings.EPS)
