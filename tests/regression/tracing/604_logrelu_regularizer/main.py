"""A regulariser written with NumPy is plugged into a differentiated loss.

Source: https://github.com/bsc-quantic/tn4ml/issues/4
Training with `tnad.loss.loss` crashed for `reg=tnad.loss.reg_norm_logrelu`
(but worked with `reg_norm_quad`) with TracerArrayConversionError: the
logrelu regulariser calls NumPy functions on the traced norm. Rebuilt with a
regularisers module, a loss module and a jitted value_and_grad step.

Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp

from .loss import loss
from .regularizers import reg_norm_logrelu


@jax.jit
def step(params, batch):
    value, grads = jax.value_and_grad(loss)(params, batch, reg_norm_logrelu)
    return params - 0.01 * grads, value


def run():
    return step(jnp.ones(4), jnp.ones((3, 4)))
