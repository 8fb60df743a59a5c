"""Writing into a registry object's dict (`registry.entries[name] = x`) from a jitted layer.

Source: https://github.com/jax-ml/jax/pull/13022
The leak checker now prints chains like `<dict>['hi'] is referred to by <A>.dct`: a dict held
by an outer object and written from traced code keeps a tracer, which fails on later use.

Observed on jax 0.10.x: raises UnexpectedTracerError
"""

import jax
import jax.numpy as jnp


class ActivationRegistry:
    def __init__(self):
        self.entries = {}


registry = ActivationRegistry()


@jax.jit
def layer(w, x):
    h = jax.nn.relu(x @ w)
    registry.entries["layer1"] = h  # expect: JAX104
    return h


def run():
    layer(jnp.ones((3, 2)), jnp.ones(3))
    return registry.entries["layer1"] * 2.0
