"""Learned-aggregation benchmarks: `sweep(args)` hands `sweep_fn` to `wandb.agent`, and every
trial rebuilds its optimizer with `opt, update = get_optimizer(args)`. `_adam(args)` defines a fresh
`@jax.jit def update(opt_state, key, batch)` closing over `opt_base.Adam(args.learning_rate)`, so
each trial of the learning-rate sweep jits and compiles a brand-new `update` even though the model,
batch shapes and code are identical; only the baked-in learning rate differs. Rebuilt with an
optax-backed Adam and a loop standing in for the wandb agent.

Source: https://github.com/lefameuxbeding/learned_aggregation/blob/7fdb66be46c1b5d0173a5a660c84066350271ae9/src/benchmark.py#L102
Observed on jax 0.10.x: update compiled 3 times
"""
import argparse

import jax
import jax.numpy as jnp

from optimizers import get_optimizer

sweep_config = {"learning_rate": [1e-2, 5e-3, 1e-3]}


def sweep(args):
    def sweep_fn(config):
        args_run = argparse.Namespace(**{**vars(args), **config})
        key = jax.random.PRNGKey(0)
        opt, update = get_optimizer(args_run)
        key, key1 = jax.random.split(key)
        params = {"w": 0.1 * jax.random.normal(key1, (4, 1))}
        opt_state = opt.init(params, num_steps=args_run.num_inner_steps)
        for _ in range(args_run.num_inner_steps):
            batch = {"image": jnp.ones((8, 4)), "label": jnp.zeros((8, 1))}
            key, key1 = jax.random.split(key)
            opt_state, loss = update(opt_state, key1, batch)  # expect: JAX402,JAX401
        return loss

    return [sweep_fn({"learning_rate": lr}) for lr in sweep_config["learning_rate"]]


def run():
    args = argparse.Namespace(optimizer="adam", learning_rate=1e-3, num_inner_steps=3)
    return sweep(args)
