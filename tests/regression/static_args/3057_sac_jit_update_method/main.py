"""A soft-actor-critic agent for the pendulum: while trying to speed up training the
author put `@jit` directly on the method `Agent.update(self, LR=None)`, which reads the
replay batch and networks from `self` and assigns the new parameters back to
`self.q`. `self` (an `Agent` instance) becomes the first traced argument, but it is not
an array or pytree and was not made static, so the first update call fails.

Source: https://github.com/bcolloran/deep_rl_experiments/blob/8726b297b37a19717b8789244a3f0eed94681be5/jax/SAC_agent.py#L287
Observed on jax 0.10.x: raises TypeError
"""
import jax

from sac_agent import Agent


def run():
    agent = Agent(obs_dim=3, act_dim=1)
    k = jax.random.split(jax.random.PRNGKey(1), 5)
    agent.remember(jax.random.normal(k[0], (16, 3)), jax.random.normal(k[1], (16, 1)),
                   jax.random.normal(k[2], (16,)), jax.random.normal(k[3], (16, 3)),
                   jax.random.normal(k[4], (16, 1)))
    return agent.update()


if __name__ == "__main__":
    run()
