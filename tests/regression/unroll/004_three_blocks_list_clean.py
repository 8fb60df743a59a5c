"""An equinox model iterates over a list of three blocks under `filter_jit`.

Source: https://github.com/patrick-kidger/equinox/issues/307
Looping over a short, fixed list of layers is the ordinary way to apply a stack: a small unroll.

Observed on jax 0.10.x: runs
"""

import equinox as eqx
import jax
import jax.numpy as jnp


class Stack(eqx.Module):
    blocks: list

    def __call__(self, x):
        for block in self.blocks:
            x = jax.nn.relu(block(x))
        return x


@eqx.filter_jit
def forward(model, x):
    return model(x)


def run():
    keys = jax.random.split(jax.random.key(0), 3)
    forward(Stack([eqx.nn.Linear(4, 4, key=k) for k in keys]), jnp.ones(4))
