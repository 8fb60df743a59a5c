"""Training collects with a batch of workers but evaluation calls the same jitted policy on 1 env.

Source: https://github.com/tinker495/jax-baseline/issues/17
The issue lists the eval path's costs: it "always runs on a single-environment eval env
(`worker=1`)", issues "batch-size-1 policy inference per step", and "is compiled at a different
batch shape than training, forcing an extra JIT specialization". Here the jitted `act` sees the
training batch shape and the batch-of-1 eval shape alternately.

Observed on jax 0.10.2: act compiled 2 times
"""
import jax
import jax.numpy as jnp

from agent import init_q
from loops import collect, evaluate


def run():
    params = init_q(jax.random.PRNGKey(0), 4, 2)
    env_obs = jnp.ones((16, 4))
    eval_obs = jnp.ones((3, 4))
    out = None
    for it in range(3):
        collect(params, env_obs)
        out = evaluate(params, eval_obs, 3)
    return out
