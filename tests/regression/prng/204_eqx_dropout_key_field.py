"""Dropout key stored as an equinox Module field: same mask every step.

Source: https://github.com/patrick-kidger/equinox/issues/498
To avoid threading `key` through every `__call__`, the user stored the PRNG
key as an attribute of the module and passed `key=self.key` to
`eqx.nn.Dropout`. The maintainer pointed out that this gives the exact same
dropout mask on every call, since all randomness is a deterministic function
of the key. Here the key lives in a Block field and a jitted train loop calls
the model once per step.

Observed on jax 0.10.2: 3 of 3 calls
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class Block(eqx.Module):
    linear: eqx.nn.Linear
    dropout: eqx.nn.Dropout
    key: jax.Array

    def __init__(self, width, *, key):
        lkey, self.key = jax.random.split(key)
        self.linear = eqx.nn.Linear(width, width, key=lkey)
        self.dropout = eqx.nn.Dropout(p=0.5)

    def __call__(self, x):
        h = jax.nn.relu(self.linear(x))
        return self.dropout(h, key=self.key)


@eqx.filter_jit
def forward(model, x):
    return model(x)


def run():
    model = Block(32, key=jax.random.PRNGKey(0))
    x = jnp.ones((32,))
    masks = []
    for step in range(4):
        out = forward(model, x + 0.01 * step)  # expect: JAX503,JAX501,JAX502
        masks.append(out == 0)
    return sum(int(jnp.array_equal(masks[0], m)) for m in masks[1:])
