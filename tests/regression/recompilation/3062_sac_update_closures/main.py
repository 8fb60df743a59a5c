"""A soft-actor-critic agent for the pendulum keeps its networks on `self` and, in
`Agent.update`, defines fresh `@jit` closures (`q_loss_agent`, `pi_loss_agent`) that
read `self.q_targ`, `self.pi`, ... and hands them to `batch_grad`, which takes the loss
function as a static argument (`static_argnums=(1,)`). Every call to `update` builds new
function objects, so the static argument never hits the cache and `batch_grad` is traced
and compiled again for each loss on every update; the author later replaced this with
`update_2` (module-level losses, hashable NamedTuple of fns) in a commit titled "redo
update (MUCH FASTER!)".

Source: https://github.com/bcolloran/deep_rl_experiments/blob/775d185e601c5c1a6700f31ed3e5efddccb1c94b/jax/SAC_agent.py#L349
Observed on jax 0.10.x: batch_grad compiled 6 times
"""
import jax
import jax.numpy as jnp

from sac_agent import Agent


def run():
    agent = Agent(obs_dim=3, act_dim=1)
    key = jax.random.PRNGKey(1)
    for _ in range(3):
        key, k1, k2, k3 = jax.random.split(key, 4)
        batch = (jax.random.normal(k1, (16, 3)), jax.random.normal(k2, (16,)),
                 jax.random.normal(k3, (16, 3)))
        agent.update(batch)


if __name__ == "__main__":
    run()
