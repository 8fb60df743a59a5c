"""Polynomial kernel keeps static_argnames for parameters it no longer has.

Source: https://github.com/pnkraemer/probfindiff/pull/59
What happened: probfindiff's `src/probfindiff/utils/kernel_zoo.py` decorated
`def polynomial(x, y, *, p)` with `@partial(jax.jit, static_argnames=("scale", "order",
"bias"))` -- names left over from an older signature.  Older JAX ignored unknown names;
once JAX validated `static_argnames` against the signature the module failed.  PR #59
"Update CI and fix static-argname error" ("the polynomial kernel jitted static argnames
with names that did not match the signature") replaced the decorator with a plain
`@jax.jit`.  Here the kernel zoo is loaded by name from the driver when a scheme is built
(the error surfaces when the kernel module is imported).

Observed on jax 0.10.2: raises ValueError
"""
import importlib

import jax.numpy as jnp

from collocation import weights_at_zero


def get_kernel(name):
    zoo = importlib.import_module("kernel_zoo")
    return getattr(zoo, name)


def run():
    kernel = get_kernel("polynomial")
    xs = jnp.array([[-1.0], [0.5], [1.0]])
    return weights_at_zero(kernel, xs, p=jnp.array([1.0, 0.0, 0.0]))


if __name__ == "__main__":
    print(run())
