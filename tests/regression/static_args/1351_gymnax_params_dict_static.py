"""Early gymnax environments kept their parameters in a plain dict (`params_pendulum`). Some entries
fix observation shapes, so the dict had to be marked static when jitting `step`/`reset`; a dict is
unhashable, so jit refuses it, and the maintainer proposed porting flax's FrozenDict.

Source: https://github.com/RobertTLange/gymnax/issues/14
Observed on jax 0.10.x: raises ValueError
"""
from functools import partial

import jax
import jax.numpy as jnp

params_pendulum = {"max_speed": 8.0, "max_torque": 2.0, "dt": 0.05, "g": 10.0,
                   "m": 1.0, "l": 1.0, "max_steps_in_episode": 200, "obs_dim": 3}


@partial(jax.jit, static_argnums=(2,))
def step(key, state, params, action):
    th, thdot = state
    u = jnp.clip(action, -params["max_torque"], params["max_torque"])
    newthdot = thdot + (3 * params["g"] / (2 * params["l"]) * jnp.sin(th)
                        + 3.0 / (params["m"] * params["l"] ** 2) * u) * params["dt"]
    newthdot = jnp.clip(newthdot, -params["max_speed"], params["max_speed"])
    newth = th + newthdot * params["dt"]
    obs = jnp.zeros(params["obs_dim"]).at[:2].set(jnp.array([jnp.cos(newth), jnp.sin(newth)]))
    return obs, (newth, newthdot)


def run():
    key = jax.random.PRNGKey(0)
    state = (jnp.array(0.1), jnp.array(0.0))
    step(key, state, params_pendulum, jnp.array(1.0))  # expect: JAX302,JAX301
    return None


if __name__ == "__main__":
    run()
