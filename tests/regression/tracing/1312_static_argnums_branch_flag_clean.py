"""In a Hacker News discussion of a JAX post, a commenter explained that `static_argnums` just
gives jit extra assumptions so quasi-static code can be traced: a branch on a static argument is
resolved in Python while tracing, and jit compiles one version per value of that argument. Here
the branch is on a static, hashable mode string (a value from a small fixed set), while the
traced data only flows through jnp operations.

Source: https://hcy.dannield.com/item?id=27921531
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def integrate(y0, method, dt=0.01):
    if method == "euler":
        return y0 + dt * (-y0)
    elif method == "midpoint":
        mid = y0 + 0.5 * dt * (-y0)
        return y0 + dt * (-mid)
    raise ValueError(f"unknown method {method!r}")


def run():
    y = jnp.ones(4)
    for method in ("euler", "midpoint", "euler"):
        y = integrate(y, method)
