"""PPO in a scanned, jitted learner: in debug mode `_update_step` prints the global step and
episodic return of finished episodes. The `print` lives inside a host `callback(info)` that is
handed to `jax.debug.callback(callback, metric)`, so it runs on concrete values on every update
step instead of once at trace time. run() returns how many of three jitted learner calls
printed.

Source: https://github.com/BDEvan5/ppx/blob/84bb3218b701de625f1e0b03a3aae06226f5302b/ppx/systems/ppo.py#L262
Observed on jax 0.10.x: 3 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp

config = {"DEBUG": True, "num_envs": 2, "num_updates_per_eval": 2}


def _update_step(learner_state, _):
    params, t = learner_state
    metric = {
        "episode_return": jnp.array([1.0, 2.0]) * params,
        "returned_episode": jnp.array([True, False]),
        "timestep": jnp.array([t, t]),
    }
    # Debugging mode
    if config.get("DEBUG"):

        def callback(info):
            return_values = info["episode_return"][info["returned_episode"]]
            timesteps = info["timestep"][info["returned_episode"]] * config["num_envs"]
            for t in range(len(timesteps)):
                print(f"Global step={timesteps[t]}, episodic return={return_values[t]}")

        jax.debug.callback(callback, metric)

    return (params * 1.01, t + 1), metric


@jax.jit
def learner_fn(learner_state):
    learner_state, traj_info = jax.lax.scan(
        _update_step, learner_state, None, config["num_updates_per_eval"]
    )
    return learner_state, traj_info


def run():
    learner_state = (jnp.array(1.0), jnp.array(0))
    printed = 0
    for _ in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            learner_state, _ = learner_fn(learner_state)
            jax.effects_barrier()
        printed += bool(buf.getvalue())
    return printed
