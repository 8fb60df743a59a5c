"""Scan over stacked blocks applies dropout with the same key in every block.

Source: https://github.com/patrick-kidger/equinox/issues/1083
"Best way to pass keys to modules?" (also a removed Stack Overflow question on
providing PRNG keys to equinox dropout layers): the user wanted to avoid
splitting keys for each dropout layer; the maintainer's answer is that keys
must be `jax.random.split` each time they are needed. Here a scanned stack of
blocks closes over the step's single dropout key, so every block drops the
same units.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

KEEP = 0.8


def forward(stacked, x, key):
    def block(h, layer):
        h = jnp.tanh(h @ layer["w"] + layer["b"])
        keep = jax.random.bernoulli(key, KEEP, h.shape)  # expect: JAX503
        return jnp.where(keep, h / KEEP, 0.0), keep

    out, masks = jax.lax.scan(block, x, stacked)
    return out, masks


def run():
    depth, width = 4, 16
    wkey = jax.random.PRNGKey(1)
    stacked = {
        "w": jax.random.normal(wkey, (depth, width, width)) / width ** 0.5,
        "b": jnp.zeros((depth, width)),
    }
    _, masks = jax.jit(forward)(stacked, jnp.ones((width,)), jax.random.PRNGKey(7))
    return sum(int(jnp.array_equal(masks[0], masks[i])) for i in range(1, depth))
