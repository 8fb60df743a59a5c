"""A shallow MLP written like eqx.nn.MLP (a tuple of Linear layers iterated
with a Python loop in __call__), depth 2, inside filter_jit: unrolling two
hidden layers is the intended, cheap form.

Source: https://github.com/patrick-kidger/equinox/issues/293
"Have eqx.nn.MLP use scan-over-layers" was closed by the maintainer: it would
be "difficult to do whilst preserving backward compatibility", "probably
provides only a small compile-time improvement, and (c) may even hinder
runtime performance a little bit".  ``eqx.nn.MLP.__call__`` loops ``for layer
in self.layers[:-1]``; this module copies that loop for a 3 -> 32 -> 32 -> 1
regression network whose layers have different shapes (so they could not be
stacked anyway).

Observed on jax 0.10.2: runs
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class SmallMLP(eqx.Module):
    layers: tuple

    def __init__(self, in_size, width, depth, *, key):
        keys = jax.random.split(key, depth + 1)
        sizes = [in_size] + [width] * depth + [1]
        self.layers = tuple(eqx.nn.Linear(a, b, key=k) for a, b, k in zip(sizes[:-1], sizes[1:], keys))

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = jax.nn.relu(layer(x))
        return self.layers[-1](x)[0]


@eqx.filter_jit
def loss(model, xs, ys):
    return jnp.mean((jax.vmap(model)(xs) - ys) ** 2)


def run():
    model = SmallMLP(3, 32, 2, key=jax.random.PRNGKey(0))
    xs = jnp.ones((8, 3))
    return loss(model, xs, jnp.zeros(8))
