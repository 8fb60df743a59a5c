"""The key that initialised a Flax model is passed again as its dropout key.

Source: https://github.com/p-doom/jasmine/pull/36
`init` consumes the key to draw parameters; reusing it for the `dropout` stream correlates the
dropout masks with the initial weights (the fix splits separate keys).

Observed on jax 0.10.x: runs
"""

import flax.linen as nn
import jax
import jax.numpy as jnp


class Net(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(8)(x)
        return nn.Dropout(0.5, deterministic=not train)(x)


def setup_and_forward(x):
    key = jax.random.PRNGKey(0)
    model = Net()
    params = model.init(key, x, train=False)
    return model.apply(params, x, train=True, rngs={"dropout": key})  # expect: JAX501


def run():
    setup_and_forward(jnp.ones((2, 3)))
