"""A config-driven Python loop around a scan rollout inside a jitted method.

Source: https://pytroubles.com/en/posts/id2384-jax-performance-choosing-python-for-loop-vs-jax-lax-scan-jit-trade-offs-and-unroll-tuning
The write-up's setup: a jitted `execute()` runs `for c in range(num_algo_iters)`
around a lax.scan rollout. JAX unrolls the Python loop, so the program
carries num_algo_iters copies of the rollout; in the reported benchmark the
for-loop variant of the c loop never beat the scan variant, and compile cost
grows with the iteration count.

Observed on jax 0.10.2: runs
(num_algo_iters=100: 100 copies of the scan rollout in the traced program.)
"""
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class AgentConfig:
    num_algo_iters: int = 100
    rollout_len: int = 8
    step_size: float = 0.1


def rollout_step(carry, _):
    theta, obs = carry
    action = jnp.tanh(obs @ theta)
    obs = 0.9 * obs + 0.1 * action
    return (theta, obs), jnp.sum(action**2)


class PolicyImprover:
    def __init__(self, config):
        self.config = config

    @partial(jax.jit, static_argnums=0)
    def execute(self, theta, obs0):
        for _ in range(self.config.num_algo_iters):  # expect: JAX407
            def objective(th):
                _, costs = jax.lax.scan(rollout_step, (th, obs0), None, length=self.config.rollout_len)
                return jnp.sum(costs)

            theta = theta - self.config.step_size * jax.grad(objective)(theta)
        return theta

    def __hash__(self):
        return hash(self.config)

    def __eq__(self, other):
        return isinstance(other, PolicyImprover) and self.config == other.config


def run():
    agent = PolicyImprover(AgentConfig())
    theta = 0.1 * jnp.ones((4, 4))
    return agent.execute(theta, jnp.ones(4))
