"""A closure records the last value through nonlocal inside a jitted inner fn.

Source: https://github.com/jax-ml/jax/issues/2048
What happened: an inner function assigned `nonlocal x; x = y` while being
transformed; the maintainers explain the write is a side effect that voids the
JAX warranty. Under jit the nonlocal ends up holding a tracer, and reading it
after the call fails.
Observed on jax 0.10.2: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp


def make_tracked_loss():
    last_residual = jnp.float32(0.0)

    @jax.jit
    def loss(y, target):
        nonlocal last_residual
        last_residual = y - target  # expect: JAX103
        return jnp.square(y - target)

    def last():
        return last_residual

    return loss, last


def run():
    loss, last = make_tracked_loss()
    loss(jnp.float32(2.0), jnp.float32(1.0))
    return last() * 2.0
