"""static_argnums points past the last positional parameter of a method.

Source: https://github.com/jax-ml/jax/pull/5203
The PR replaced an IndexError with a clear error when a jitted function's
static_argnums does not match how many positional arguments exist. Here a
policy evaluator jits a bound method; the author counted `self` when writing
static_argnums, so index 2 is past the end of (params, horizon).

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


class PolicyEvaluator:
    def __init__(self, gamma=0.99):
        self.gamma = gamma
        self._rollout = jax.jit(self.discounted_return, static_argnums=(2,))  # expect: JAX303

    def discounted_return(self, rewards, horizon):
        discounts = self.gamma ** jnp.arange(horizon)
        return jnp.sum(rewards[:horizon] * discounts)

    def evaluate(self, rewards, horizon=10):
        return self._rollout(rewards, horizon)


def run():
    evaluator = PolicyEvaluator()
    return evaluator.evaluate(jnp.ones(16), 10)
