"""Optimal-control loss that reads a weight from the enclosing script; the
weight is changed after the gradient was jitted.

Source: https://github.com/jax-ml/jax/issues/1426
"JIT loses access to local variables": ``loss_sum`` multiplies by ``a``;
``grad = jax.jit(jax.grad(loss_sum))``; after ``a = 20`` the jitted gradient
still uses ``a = 10`` (the traced constant), so the second assert fails.

Observed on jax 0.10.2: 1 of 2 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

a = 10


def loss_sum(val):
    loss = jnp.sum(val[:2] ** 2 + val[2:] ** 3) * a  # expect: JAX108
    return loss


grad = jax.jit(jax.grad(loss_sum))


def set_weight(value):
    global a
    a = value


def run():
    set_weight(10)
    stale = 0
    gs = grad(jnp.array([2.0, 3.0, 4.0, 5.0]))
    stale += not np.allclose(gs, [40.0, 60.0, 480.0, 750.0])
    set_weight(20)
    gs = grad(jnp.array([2.0, 3.0, 4.0, 5.0]))
    stale += not np.allclose(gs, [80.0, 120.0, 960.0, 1500.0])
    return int(stale)
