"""Batched MuZero-style MCTS: to build 1024 search trees at once the user vmaps
`MCTS_TREE.init_tree(rng, obs, mask, model, params, noise)` over `jnp.arange(1024)`,
closing over one `rng`. Every tree gets the same Dirichlet exploration noise at
its root, so the "independent" trees are identical copies. (The same `rng_` is
then also handed to every tree's `mcts_step`.)

Source: https://github.com/RemyCiterin/jax-rl/blob/bc13d794854acd84be5a62fb24dc429af765b271/MCTS.py#L189-L203
Observed on jax 0.10.x: 3 of 3 calls
"""
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.random import PRNGKey


class PARAMS(NamedTuple):
    c1: float = 1.25
    noise_eps: float = 0.25
    noise_alpha: float = 0.03


class NODE_STATE(NamedTuple):
    P: jnp.ndarray
    Q: jnp.ndarray
    N: jnp.ndarray


def init_tree(rng, obs, mask, params, noise=None):
    P = jax.nn.softmax(obs)
    if noise is not None and noise.lower() == "dirichlet":
        P = (1 - params.noise_eps) * P + params.noise_eps * \
            jax.random.dirichlet(rng, params.noise_alpha * mask)
    return NODE_STATE(P=P, Q=jnp.zeros_like(P), N=jnp.zeros_like(P, dtype=int))


@partial(jax.jit, static_argnames=("noise",))
def make_tree(rng, obs, mask, params, noise):
    return jax.vmap(lambda _: init_tree(rng, obs, mask, params, noise))(jnp.arange(4))  # expect: JAX503


def run():
    rng = PRNGKey(43)
    mask = jnp.ones((3,))
    obs = jnp.zeros((3,))
    rng, rng_ = jax.random.split(rng)
    tree = make_tree(rng_, obs, mask, PARAMS(), "dirichlet")
    return sum(bool(jnp.array_equal(tree.P[0], tree.P[i])) for i in range(1, 4))
