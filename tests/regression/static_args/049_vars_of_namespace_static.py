"""`vars(args)` (a dict) passed as the static hyper-parameters of a jitted step.

Source: https://github.com/google/flax/issues/386
Command-line options turned into a dict with `vars()` are not hashable; a static argument must
be.

Observed on jax 0.10.x: raises ValueError
"""

import argparse
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=2)
def sgd_step(params, grads, hparams):
    return params - hparams["lr"] * grads


def main(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--lr", type=float, default=0.1)
    args = parser.parse_args(argv)
    hparams = vars(args)
    return sgd_step(jnp.ones(3), jnp.ones(3), hparams)  # expect: JAX302


def run():
    main([])
