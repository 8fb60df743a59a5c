"""IMPALA actor: `get_action` (a jitted method, `static_argnums=0`) splits the
incoming key into a carry key and a sampling key, then samples one action per
environment with `jax.vmap(lambda s, r: jax.random.choice(r, outDim, p=s))` over
`jax.random.split(rng, len(obs))` -- one key per environment -- and returns the
carry key, which the actor loop threads into the next call.

Source: https://github.com/RemyCiterin/jax-rl/blob/bc13d794854acd84be5a62fb24dc429af765b271/algorithms/Q_IMPALA.py#L61-L73
Observed on jax 0.10.x: 0 of 7 calls
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax.random import PRNGKey


class QImpala:
    def __init__(self, inDim, outDim):
        self.inDim, self.outDim = inDim, outDim

    def __hash__(self):
        return id(self)

    @partial(jax.jit, static_argnums=0)
    def get_action(self, rng, params, obs):
        logits = obs @ params
        softmax = jax.nn.softmax(logits)
        rng_, rng = jax.random.split(rng)

        actions = jax.vmap(
            lambda s, r: jax.random.choice(r, self.outDim, p=s))(
            softmax, jnp.stack(jax.random.split(rng, len(obs)), axis=0)
        )
        return actions, logits, rng_


def run():
    agent = QImpala(3, 8)
    params = jnp.zeros((3, 8))
    obs = jnp.ones((16, 3))
    rng = PRNGKey(42)
    history = []
    for step in range(4):
        actions, logits, rng = agent.get_action(rng, params, obs)
        history.append(tuple(actions.tolist()))
    # a stale key would repeat step 0's actions; an unsplit vmap key would repeat one action
    return sum(history[0] == h for h in history[1:]) + sum(len(set(h)) == 1 for h in history)
