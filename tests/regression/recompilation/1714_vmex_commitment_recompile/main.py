"""vmex's compile census (PR #321) found a JAX value-and-gradient lane compiling twice with
identical shapes. A jit cache key includes each argument's commitment: the first call
received the uncommitted `x0` built with `jnp.asarray`, while every later iterate came back
from the host optimiser through `jax.device_put(..., device)`, i.e. committed. Same shapes,
same dtypes, two compiles of `residual_value_and_gradient`.

Source: https://github.com/uwplasma/vmex/pull/321
Observed on jax 0.10.x: residual_value_and_gradient compiled 2 times
"""
import jax.numpy as jnp

from problem import host_step, residual_value_and_gradient


def run():
    target = jnp.linspace(-1.0, 1.0, 16)
    x = jnp.asarray([0.1] * 16)
    for it in range(4):
        value, grad = residual_value_and_gradient(x, target)  # expect: JAX406
        x = host_step(x, grad)
    return None
