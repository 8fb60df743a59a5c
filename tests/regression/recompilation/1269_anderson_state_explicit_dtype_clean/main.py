"""The same driver with the PR's init_state: scalar fields are created as
arrays (explicit int32 / parameter dtype), matching what update returns.

Source: https://github.com/google/jaxopt/pull/106
After the change, ``init_state`` builds ``iter_num``/``error`` with
``jnp.asarray`` so "output states are consistent" between init_state and
update; the jitted update is traced once for the whole loop.

Observed on jax 0.10.2: update compiled 1 times
"""
import jax
import jax.numpy as jnp

from anderson import AndersonAcceleration


def solve(x0, steps=4):
    solver = AndersonAcceleration(lambda x: jnp.cos(x))
    update = jax.jit(solver.update)
    state = solver.init_state(x0)
    x = x0
    for _ in range(steps):
        x, state = update(x, state)
    return x


def run():
    return solve(jnp.ones(3))
