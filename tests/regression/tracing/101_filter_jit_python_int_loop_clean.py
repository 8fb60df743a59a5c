"""An `eqx.filter_jit` rollout loops `range(n_steps)` over a Python int argument.

Source: https://github.com/patrick-kidger/equinox/issues/686
`filter_jit` makes every non-array argument static, so a Python int drives an ordinary Python
loop (a short, legal unroll).

Observed on jax 0.10.x: runs
"""

import equinox as eqx
import jax
import jax.numpy as jnp


@eqx.filter_jit
def rollout(model, x, n_steps):
    for _ in range(n_steps):
        x = model(x)
    return x


def run():
    model = eqx.nn.Linear(2, 2, key=jax.random.key(0))
    rollout(model, jnp.ones(2), 3)
