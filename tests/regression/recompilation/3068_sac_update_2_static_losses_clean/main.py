"""The same soft-actor-critic agent after the author's "redo update (MUCH FASTER!)"
commit: `update_2` passes module-level loss functions (`q_loss`, `pi_loss`) and a
`SAC_fns` NamedTuple of the network apply functions as the static arguments of
`batch_grad_2` (`static_argnums=(0, 4)`), while the changing networks travel in the
traced `SAC_params`. Every static argument is hashable and identical across updates,
so `batch_grad_2` compiles once per loss and is reused for all later updates.

Source: https://github.com/bcolloran/deep_rl_experiments/blob/2b8d856f4fe4d01768dbc47f34e55805488fbc82/jax/SAC_agent.py#L402
Observed on jax 0.10.x: batch_grad_2 compiled 2 times
"""
import jax

from sac_agent import Agent, SAC_obs


def run():
    agent = Agent(obs_dim=3, act_dim=1)
    key = jax.random.PRNGKey(1)
    for _ in range(4):
        key, k1, k2, k3 = jax.random.split(key, 4)
        batch = SAC_obs(jax.random.normal(k1, (16, 3)), jax.random.normal(k2, (16,)),
                        jax.random.normal(k3, (16, 3)))
        agent.update_2(batch)


if __name__ == "__main__":
    run()
