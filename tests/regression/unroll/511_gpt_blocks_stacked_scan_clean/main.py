"""GPT-2 style model whose blocks are stacked and applied with `lax.scan` (fixed version).

Source: https://github.com/marin-community/levanter/pull/111
The PR's `Stacked` wrapper: the homogeneous blocks are stored with a leading layer axis and
applied in a fold, so JAX compiles one block body regardless of depth.

Observed on jax 0.10.2: runs
"""
import equinox as eqx
import jax
import jax.numpy as jnp

from blocks import Stacked


@eqx.filter_jit
def forward(model, x):
    return model(x)


def run():
    model = Stacked(n_layers=48, d=32, key=jax.random.PRNGKey(0))
    return forward(model, jnp.ones((8, 32)))
