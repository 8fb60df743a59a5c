"""VariBAD-in-JAX evaluation: the rollout is a ``jax.lax.scan`` over environment steps whose
``_step_fn`` calls ``agent.get_action(...)``; for the latent-action agent that is a jitted method
beginning with ``logging.info("inside get action for LatentActionAgent")``. The scan body is
traced once, so a rollout of many steps writes a single log line, and later rollouts (cached
compilation) write none -- the log does not say what the agent did per step.

Source: https://github.com/aliang8/varibad_jax/blob/e36a2a7171c6ebd5909acdccc5410fa7dfb8fa9b/varibad_jax/models/lam/lam.py#L515
Observed on jax 0.10.x: 1 of 12 calls
"""
import logging

import jax
import jax.numpy as jnp

from agent import LatentActionAgent

STEPS_PER_ROLLOUT = 4


class _Count(logging.Handler):
    def __init__(self):
        super().__init__()
        self.n = 0

    def emit(self, record):
        self.n += 1


def make_rollout(agent):
    @jax.jit
    def rollout(rng, obs0):
        def _step_fn(carry, _):
            rng, observation = carry
            rng, policy_rng = jax.random.split(rng)
            policy_output, _ = agent.get_action(policy_rng, env_state=observation[jnp.newaxis], is_training=False)
            action = policy_output.action
            next_obs = jnp.roll(observation, 1) + 0.1 * action.squeeze()
            return (rng, next_obs), action

        carry, actions = jax.lax.scan(_step_fn, (rng, obs0), None, length=STEPS_PER_ROLLOUT)
        return actions

    return rollout


def run():
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    counter = _Count()
    root.addHandler(counter)
    agent = LatentActionAgent()
    rollout = make_rollout(agent)
    rng = jax.random.PRNGKey(0)
    try:
        for episode in range(3):
            rng, key = jax.random.split(rng)
            rollout(key, jnp.ones(4)).block_until_ready()
    finally:
        root.removeHandler(counter)
    return counter.n  # log records over 3 rollouts x 4 steps = 12 agent calls


if __name__ == "__main__":
    run()
