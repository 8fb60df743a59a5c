"""Stochastic action selection over several control factors reuses one key.

Source: https://github.com/infer-actively/pymdp/issues/430
In pymdp's `control.sample_action` (action_selection="stochastic") the marginal
over each control factor is sampled with
`jtu.tree_map(lambda x: jr.categorical(rng_key, logits(x)), marginal)`, i.e. the
same `rng_key` is consumed once per factor inside the tree_map lambda. With more
than one factor the per-factor draws are fully dependent (identical when the
marginals coincide) instead of independent.  The suggested fix splits one key
per factor before the map.

Here an agent with three control factors (move, look, grasp) whose marginals are
uniform over 32 options draws its actions; every call gives the same option for
all three factors.

Observed on jax 0.10.2: 6 of 6 calls
"""
import jax
import jax.numpy as jnp
import jax.random as jr
import jax.tree_util as jtu


def log_stable(x, eps=1e-16):
    return jnp.log(jnp.clip(x, min=eps))


def sample_action(marginal, alpha=16.0, rng_key=None):
    """Samples one action per control factor from `marginal` (a list of probs)."""
    logits = lambda x: alpha * log_stable(x)
    selected = jtu.tree_map(lambda x: jr.categorical(rng_key, logits(x)), marginal)  # expect: JAX501,JAX503
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
