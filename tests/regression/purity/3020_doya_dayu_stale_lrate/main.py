"""Bandit research code (Doya-DaYu ensemble agent). The agent jits its loss once in
__init__ (`self._loss = jax.jit(loss)`, differentiated inside the jitted `_update`). The
loss scales itself by `self.learning_rate(arm)`, an adaptive rate computed from the
epistemic/aleatoric uncertainty of `self.qvals` -- a Python attribute that `update()`
rebinds after every step. jit reads `self.qvals` once, at trace time, and bakes it into
the compiled loss as a constant, so the "adaptive" learning rate never adapts: every later
call still uses the uncertainty of the initial Q-values.

Source: https://github.com/seblee97/doya_dayu_bandits/blob/b191cbcfb5e46f3fb4bc0222c911d51f684c909b/doya_dayu.py#L87
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np
import optax

from doya_dayu import DoyaDaYu


def run():
    agent = DoyaDaYu(n_arms=3, n_ens=8, optimizer=optax.sgd(0.5), rng=np.random.RandomState(0))
    stale = 0
    for step in range(3):
        agent.update(1, 1.0)
        key = jax.random.PRNGKey(step)
        compiled = agent._loss(agent.qvals, 1, 1.0, key)
        fresh = agent._loss.__wrapped__(agent.qvals, 1, 1.0, key)  # same loss, current qvals
        stale += int(not jnp.allclose(compiled, fresh, rtol=1e-4))
    return stale
