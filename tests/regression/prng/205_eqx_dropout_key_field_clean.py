"""Dropout key passed per call and split every step (the fix).

Source: https://github.com/patrick-kidger/equinox/issues/498
After learning that a key stored as a module attribute gives the same dropout
mask every time, the user switched to pre-generating fresh keys per step and
passing them to `__call__`. Same Block as the hazard case, but the key is a
call argument split in the training loop.

Observed on jax 0.10.2: 0 of 3 calls
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class Block(eqx.Module):
    linear: eqx.nn.Linear
    dropout: eqx.nn.Dropout

    def __init__(self, width, *, key):
        self.linear = eqx.nn.Linear(width, width, key=key)
        self.dropout = eqx.nn.Dropout(p=0.5)

    def __call__(self, x, *, key):
        h = jax.nn.relu(self.linear(x))
        return self.dropout(h, key=key)


@eqx.filter_jit
def forward(model, x, key):
    return model(x, key=key)


def run():
    key = jax.random.PRNGKey(0)
    key, init_key = jax.random.split(key)
    model = Block(32, key=init_key)
    x = jnp.ones((32,))
    masks = []
    for step in range(4):
        key, step_key = jax.random.split(key)
        out = forward(model, x + 0.01 * step, step_key)
        masks.append(out == 0)
    return sum(int(jnp.array_equal(masks[0], m)) for m in masks[1:])
