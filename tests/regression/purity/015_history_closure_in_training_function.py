"""Recording per-step losses into a list closed over by a nested jitted step.

Source: https://github.com/jax-ml/jax/pull/5905
The jitting notebook's point about `global_list.append`, in the shape training scripts have it:
a `history` list of the enclosing function, appended to by the jitted step.

Observed on jax 0.10.x: recorded in 1 of 3 calls
"""

import jax
import jax.numpy as jnp


def fit(w, xs, ys, epochs=3):
    history = []

    @jax.jit
    def step(w, x, y):
        loss, grad = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        history.append(loss)  # expect: JAX104
        return w - 0.1 * grad

    for _ in range(epochs):
        w = step(w, xs, ys)
    return w, history


def run():
    _, history = fit(jnp.zeros(3), jnp.ones((4, 3)), jnp.ones(4))
    return len(history)
