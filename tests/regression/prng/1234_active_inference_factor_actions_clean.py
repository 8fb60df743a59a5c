"""Stochastic action selection with one key per control factor (the fix).

Source: https://github.com/infer-actively/pymdp/issues/430
Look-alike of pymdp's `control.sample_action` written as the issue proposes:
`keys = jr.split(rng_key, len(marginal))` and the tree_map zips each factor's
marginal with its own key, so the per-factor draws are independent.

Observed on jax 0.10.2: 0 of 6 calls
"""
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.tree_util as jtu


def log_stable(x, eps=1e-16):
    return jnp.log(jnp.clip(x, min=eps))


def sample_action(marginal, alpha=16.0, rng_key=None):
    if rng_key is None:
        raise ValueError("rng_key is required for stochastic sampling")
    keys = list(jr.split(rng_key, len(marginal)))
    logits = lambda x: alpha * log_stable(x)
    selected = jtu.tree_map(lambda x, k: jr.categorical(k, logits(x)), marginal, keys)
    return jnp.stack(selected)


class Agent:
    def __init__(self, num_controls=(32, 32, 32)):
        self.num_controls = num_controls

    def infer_marginals(self):
        return [jnp.ones(n) / n for n in self.num_controls]

    def act(self, key):
        return sample_action(self.infer_marginals(), rng_key=key)


agent = Agent()
act = jax.jit(agent.act)


def run():
    key = jr.PRNGKey(0)
    same = 0
    for _ in range(6):
        key, sub = jr.split(key)
        actions = act(sub)
        same += int(bool(jnp.all(actions == actions[0])))
    return same
