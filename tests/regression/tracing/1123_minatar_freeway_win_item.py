"""MinAtar Freeway's ``step_agent`` returns ``win_cond.item()`` from inside the jitted step.

Source: https://github.com/RobertTLange/gymnax/commit/0096e0e384853bb1e2c61205bb584835d875ff9c
("fix: non-jittable code")

gymnax's Freeway computed the "reached the top" flag as a jax boolean and then
returned ``win_cond.item()`` from ``step_agent``; ``step_env`` feeds it to
``jax.lax.select`` to respawn the cars. Under ``jax.jit(env.step)`` (how gymnax
environments are always used) ``.item()`` asks for the concrete value of a
tracer. The fix returns the array itself (and, in Asterix,
``jnp.bool_(done > 0)`` replaced ``bool(done > 0)``).

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class EnvState:
    pos: jnp.ndarray
    move_timer: jnp.ndarray
    cars: jnp.ndarray
    time: jnp.ndarray

    def replace(self, **kwargs):
        return dataclasses.replace(self, **kwargs)


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class EnvParams:
    player_speed: int = dataclasses.field(default=3, metadata=dict(static=True))


def step_agent(action, state, params):
    """Perform 1st part of step transition for agent."""
    cond_up = jnp.logical_and(action == 2, state.move_timer == 0)
    cond_down = jnp.logical_and(action == 4, state.move_timer == 0)
    any_cond = jnp.logical_or(cond_up, cond_down)
    pos = (1 - any_cond) * state.pos + cond_up * jnp.maximum(0, state.pos - 1) \
        + cond_down * jnp.minimum(9, state.pos + 1)
    move_timer = jax.lax.select(any_cond, params.player_speed, state.move_timer)
    win_cond = pos == 0
    reward = win_cond * 1.0
    pos = jax.lax.select(win_cond, 9, pos)
    return state.replace(pos=pos, move_timer=move_timer), reward, win_cond.item()  # expect: JAX202


class MinFreeway:
    def step_env(self, key, state, action, params):
        state, reward, win_cond = step_agent(action, state, params)
        win_cars = jax.random.randint(key, state.cars.shape, 0, 10)
        state = state.replace(cars=jax.lax.select(win_cond, win_cars, state.cars),
                              time=state.time + 1)
        return state, reward


env = MinFreeway()
step = jax.jit(env.step_env)


def run():
    params = EnvParams()
    state = EnvState(pos=jnp.int32(1), move_timer=jnp.int32(0),
                     cars=jnp.zeros((8, 4), jnp.int32), time=jnp.int32(0))
    state, reward = step(jax.random.key(0), state, jnp.int32(2), params)
    return reward
