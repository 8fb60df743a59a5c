"""Building a local list of layer outputs inside a jitted forward pass.

Source: https://github.com/jax-ml/jax/issues/5233
A maintainer explains that only changes to non-local state are side effects; a list created
inside the traced function and appended to there is ordinary trace-time Python.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


@jax.jit
def forward(layers, x):
    activations = []
    for w in layers:
        x = jnp.tanh(x @ w)
        activations.append(x)
    return x, jnp.stack([a.sum() for a in activations])


def run():
    out, sums = forward([jnp.ones((3, 3)), jnp.ones((3, 3))], jnp.ones(3))
    return None if sums.shape == (2,) else 0
