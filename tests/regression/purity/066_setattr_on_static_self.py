"""A jitted method (`self` static by name) records the last loss with `setattr`.

Source: https://github.com/jax-ml/jax/issues/13992
Marking `self` static lets a method be jitted, but assignments to `self` inside it happen only
while tracing: the attribute keeps a tracer from the first call and never sees later losses.

Observed on jax 0.10.x: updated in 1 of 3 calls
"""

import functools

import jax
import jax.numpy as jnp


class Regressor:
    def __init__(self, lr):
        self.lr = lr
        self.updates_seen = 0

    @functools.partial(jax.jit, static_argnames=("self",))
    def update(self, w, x, y):
        loss, grad = jax.value_and_grad(lambda v: jnp.mean((x @ v - y) ** 2))(w)
        setattr(self, "updates_seen", self.updates_seen + 1)  # expect: JAX105
        return w - self.lr * grad, loss


def run():
    model = Regressor(0.1)
    w = jnp.zeros(3)
    for i in range(3):
        w, _ = model.update(w, jnp.ones((4, 3)) * i, jnp.ones(4))
    return model.updates_seen
