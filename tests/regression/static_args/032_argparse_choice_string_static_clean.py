"""A string option from `argparse` passed as a static argument (not the Namespace itself).

Source: https://github.com/google-research/long-range-arena/issues/7
Passing the whole parsed config as static fails; passing the hashable values it holds (strings,
ints) works and compiles once per value.

Observed on jax 0.10.x: train_step compiled 1 time
"""

import argparse
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("optimizer",))
def train_step(params, grads, optimizer):
    if optimizer == "sgd":
        return params - 0.1 * grads
    return params - 0.1 * jnp.sign(grads)


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--optimizer", choices=["sgd", "signsgd"], default="sgd")
    args = parser.parse_args(argv)
    params = jnp.ones(3)
    for _ in range(3):
        params = train_step(params, jnp.ones(3), optimizer=args.optimizer)
    return params


def run():
    main(["--optimizer", "signsgd"])
