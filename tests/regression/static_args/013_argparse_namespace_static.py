"""An `argparse.Namespace` of hyperparameters passed as a static argument.

Source: https://github.com/google-research/long-range-arena/issues/7
Training scripts pass their parsed command-line config into jitted functions; `Namespace`
defines `__eq__` without `__hash__`, so it cannot be a static argument.

Observed on jax 0.10.x: raises ValueError
"""

import argparse
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(2,))
def train_step(params, batch, args):
    return params - args.lr * jnp.mean(batch)


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=0.01)
    args = parser.parse_args(argv)
    params = jnp.ones(3)
    params = train_step(params, jnp.ones(3), args)  # expect: JAX302
    return params


def run():
    return main(["--lr", "0.1"])
