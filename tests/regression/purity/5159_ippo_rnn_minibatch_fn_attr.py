"""Recurrent IPPO benchmark agent (two-player hunting environment): inside the jitted
`train` (`static_argnums=(0,)`, `self` static) the agent builds its gradient functions and stores
them on the instance, `self._actor_minibatch_fn = lambda x, y: ...` and
`self._critic_minibatch_fn = ...`, for `_actor_epoch`/`_critic_epoch` to pick up in their
`fori_loop`s. The assignments are Python side effects that run only while `train` is being traced:
calling `train` again (new seed, new hyperparameters, same agent) reuses the compiled program and
never re-executes them, so only the first of three training runs rebinds the update functions.

Source: https://github.com/amavrits/jax-agents/blob/f0640392afba15651ec9057bb300330f4c2c1eb7/benchmarks/marl/hunting_2_players/rnn/ippo_rnn.py#L913-L918
Observed on jax 0.10.x: train compiled 1 times; 1 of 3 calls
"""
from functools import partial
from typing import Callable, ClassVar, NamedTuple

import jax
import jax.numpy as jnp
from jax import lax


class HyperParameters(NamedTuple):
    actor_lr: float
    critic_lr: float


class IPPO:
    _actor_minibatch_fn: ClassVar[Callable]
    _critic_minibatch_fn: ClassVar[Callable]

    def __init__(self, n_minibatch_updates: int = 3):
        self.n_minibatch_updates = n_minibatch_updates

    def _actor_loss(self, params, obs):
        return jnp.mean((obs @ params) ** 2)

    def _critic_loss(self, params, obs):
        return jnp.mean((obs @ params - 1.0) ** 2)

    def _actor_minibatch_update(self, i, runner, grad_fn):
        params, obs, lr = runner
        return params - lr * grad_fn(params, obs), obs, lr

    def _critic_minibatch_update(self, i, runner, grad_fn):
        params, obs, lr = runner
        return params - lr * grad_fn(params, obs), obs, lr

    @partial(jax.jit, static_argnums=(0,))
    def train(self, rng, hyperparams: HyperParameters):
        rng, actor_init_rng, critic_init_rng = jax.random.split(rng, 3)
        actor = jax.random.normal(actor_init_rng, (4,))
        critic = jax.random.normal(critic_init_rng, (4,))
        obs = jax.random.normal(rng, (8, 4))

        # Initialize agent updating functions, which can be avoided to be done within the training loops.
        actor_grad_fn = jax.grad(self._actor_loss)
        self._actor_minibatch_fn = lambda x, y: self._actor_minibatch_update(x, y, actor_grad_fn)  # expect: JAX105

        critic_grad_fn = jax.grad(self._critic_loss)
        self._critic_minibatch_fn = lambda x, y: self._critic_minibatch_update(x, y, critic_grad_fn)  # expect: JAX105

        actor, _, _ = lax.fori_loop(0, self.n_minibatch_updates, self._actor_minibatch_fn,
                                    (actor, obs, hyperparams.actor_lr))
        critic, _, _ = lax.fori_loop(0, self.n_minibatch_updates, self._critic_minibatch_fn,
                                     (critic, obs, hyperparams.critic_lr))
        return actor, critic


def run():
    agent = IPPO()
    rebound = 0
    previous = None
    for seed, lr in [(0, 0.1), (1, 0.05), (2, 0.01)]:
        agent.train(jax.random.PRNGKey(seed), HyperParameters(actor_lr=lr, critic_lr=lr))
        current = agent.__dict__.get("_actor_minibatch_fn")
        rebound += int(current is not previous)
        previous = current
    return rebound
