"""MuZero-style MCTS written as a jitted method: `mcts_step` runs `num_sim`
simulations with a Python `for _ in range(num_sim)` (num_sim=50 in the user's
benchmark), splitting the key, calling `simulate` (which draws) and `update` each
time. Because `num_sim` is static, tracing unrolls all 50 simulations into one
XLA program, and compile time grows with the simulation budget.

Source: https://github.com/RemyCiterin/jax-rl/commit/bc13d794854acd84be5a62fb24dc429af765b271
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp

from tree import NODE_STATE, PARAMS, simulate, update


@partial(jax.jit, static_argnames=("num_sim",))
def mcts_step(nodes, rng, params, num_sim):
    for _ in range(num_sim):  # expect: JAX407
        rng, rng_ = jax.random.split(rng)
        action, value = simulate(nodes, rng_, params)
        nodes = update(nodes, action, value)
    return nodes


def run():
    P = jax.nn.softmax(jnp.zeros((3,)))
    nodes = NODE_STATE(P=P[None], Q=jnp.zeros((1, 3)), N=jnp.zeros((1, 3), dtype=jnp.int32))
    out = mcts_step(nodes, jax.random.PRNGKey(43), PARAMS(), 50)
    return None if int(out.N.sum()) == 50 else "wrong visit count"
