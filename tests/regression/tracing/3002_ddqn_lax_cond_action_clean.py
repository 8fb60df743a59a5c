"""Clean look-alike. In the same deep-RL repo the DDQN pendulum step picks between the
greedy action and a random action with an epsilon test, `random.uniform(subkey) > eps`.
Instead of a Python `if` on that traced comparison it hands the predicate to
`jax.lax.cond`, so the jitted step (scanned over time) traces fine and the branch is chosen
at run time for every step.

Source: https://github.com/bcolloran/deep_rl_experiments/blob/775d185e601c5c1a6700f31ed3e5efddccb1c94b/jax/pendulum_utils.py#L215
Observed on jax 0.10.x: runs
"""
from collections import namedtuple

import jax
import jax.numpy as jnp
from jax import jit, random

PendulumParams = namedtuple("PendulumParams", "g m l dt max_speed")
U_opts = jnp.linspace(-2.0, 2.0, 5)


@jit
def ddqnRandomAction(cond_args):
    Q1, cos_th, sin_th, thdot, randkey = cond_args
    index = random.randint(randkey, (1,), 0, len(U_opts))[0]
    return U_opts[index]


@jit
def ddqnBestAction_wrap(cond_args):
    Q1, cos_th, sin_th, thdot, key = cond_args
    val_ests = Q1 @ jnp.array([cos_th, sin_th, thdot]) + 0.0 * U_opts
    return U_opts[jnp.argmin(val_ests)]


@jit
def controlledPendulumStepDDQN(state_and_params, __ignore):
    th, thdot, params, Q1, eps, key = state_and_params

    key, subkey = random.split(key)

    u = jax.lax.cond(
        random.uniform(subkey) > eps,
        ddqnBestAction_wrap,
        ddqnRandomAction,
        (Q1, jnp.cos(th), jnp.sin(th), thdot, key),
    )
    thdot = jnp.clip(
        thdot
        + (-3.0 * params.g / (2 * params.l) * jnp.sin(th + jnp.pi)
           + 3.0 / (params.m * params.l ** 2) * u) * params.dt,
        -params.max_speed,
        params.max_speed,
    )
    th = th + thdot * params.dt
    cost = th ** 2 + 0.1 * thdot ** 2 + 0.001 * (u ** 2)
    return (th, thdot, params, Q1, eps, key), jnp.array((u, cost, th, thdot))


def run():
    params = PendulumParams(10.0, 1.0, 1.0, 0.05, 8.0)
    Q1 = jnp.ones((5, 3)) * 0.1
    init = (jnp.float32(0.3), jnp.float32(0.0), params, Q1, 0.1, random.PRNGKey(0))
    _, traj = jax.lax.scan(controlledPendulumStepDDQN, init, None, length=20)
    return traj.shape
