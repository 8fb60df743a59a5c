"""A user writing DDPG on top of the old `jax.experimental.optimizers` bundled the optimizer's
`(init, update, get)` triple into a typed `Optimizer` NamedTuple and passed it, together with the
loop state, to a jitted `ddpg_episode`. A NamedTuple is a pytree, so jit flattens it and tries to
treat the three Python functions as array arguments; the maintainers explained that functions
cannot be arguments to a jitted function unless they are marked static (or closed over).

Source: https://github.com/jax-ml/jax/issues/953
Observed on jax 0.10.x: raises TypeError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import jit

from optim import Optimizer, adam


class LoopState(NamedTuple):
    step: int
    actor_opt_state: tuple


def critic_loss(w, obs):
    return jnp.mean((obs @ w) ** 2)


def ddpg_episode(optimizer: Optimizer, state: LoopState, obs) -> LoopState:
    w = optimizer.get(state.actor_opt_state)
    g = jax.grad(critic_loss)(w, obs)
    new_opt_state = optimizer.update(state.step, g, state.actor_opt_state)
    return LoopState(state.step + 1, new_opt_state)


def run():
    optimizer = Optimizer(*adam(step_size=1e-3))
    state = LoopState(0, optimizer.init(jnp.ones(3)))
    obs = jnp.ones((8, 3))
    return jit(ddpg_episode)(optimizer, state, obs)  # expect: JAX306
