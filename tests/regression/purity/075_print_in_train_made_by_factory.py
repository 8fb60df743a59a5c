"""A training function built by a factory and jitted where it is made: `jax.jit(make_train(config))`,
the layout of single-file RL baselines. A `print` of the rollout batch inside `train` runs while
jax traces it, showing tracers, and never on the calls after that.

Source: https://github.com/FLAIROx/JaxMARL/blob/main/baselines/IPPO/ippo_ff_mabrax.py (prints
`traj_batch` inside the `train` that `jax.jit(make_train(config, rng))` compiles).

Observed on jax 0.10.x: printed in 1 of 3 calls
"""

import contextlib
import io

import jax
import jax.numpy as jnp


def make_train(config):
    def train(params):
        traj_batch = params * config["lr"]
        print("traj_batch", traj_batch)  # expect: JAX101
        return params - traj_batch

    return train


train_jit = jax.jit(make_train({"lr": 0.1}))


def run():
    params = jnp.ones(3)
    printed = 0
    for _ in range(3):
        with contextlib.redirect_stdout(io.StringIO()) as out:
            params = train_jit(params)
        printed += bool(out.getvalue())
    return printed
