"""Actor-update schedule passed to the jitted train loop as a dict of step indices.

Source: https://github.com/araffin/sbx/pull/21
What happened: in sbx (Stable-Baselines-Jax) `SAC.train` built
`policy_delay_indices = {i: True for i in range(gradient_steps) if ((self._n_updates + i
+ 1) % self.policy_delay) == 0}`, wrapped it in `flax.core.FrozenDict` and passed it to
`@partial(jax.jit, static_argnames=["cls", "gradient_steps"]) def _train(...)`, where the
unrolled loop did `if i in policy_delay_indices:` to decide whether to update the actor.
The dict's keys are part of the argument's pytree structure, so -- as the source comment
admits, "It will compile once per value of policy_delay_indices" -- every distinct phase of
`_n_updates % policy_delay` produced a new compilation.  PR #21 replaced the dict with
static `policy_delay` / `policy_delay_offset` ints and a `jax.lax.fori_loop` that selects
the actor update with `lax.cond`.  Here `policy_delay=3` and one gradient step per
`train` call, as in the default SAC/TD3 setting, so the key set cycles through {}, {}, {0}.

Observed on jax 0.10.2: _train compiled 2 times
"""
import jax
import jax.numpy as jnp

from sac import SAC


def collect(key, n, obs_dim=3):
    k1, k2, k3 = jax.random.split(key, 3)
    return (jax.random.normal(k1, (n, obs_dim)), jax.random.normal(k2, (n, 1)),
            jax.random.normal(k3, (n,)))


def run():
    agent = SAC(policy_delay=3)
    key = jax.random.PRNGKey(0)
    for _ in range(6):
        key, sub = jax.random.split(key)
        agent.train(collect(sub, 32), gradient_steps=1)
    return agent._n_updates


if __name__ == "__main__":
    print(run())
