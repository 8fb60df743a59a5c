"""A static keyword parameter whose default is `{}` (options dict).

Source: https://github.com/jax-ml/jax/pull/4720
Static values must be hashable and should be immutable; a dict default on a static parameter
means every caller who passes options passes something jit cannot hash.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("options",))
def solve(A, b, options={}):  # expect: JAX301
    iters = options.get("iters", 3) if options else 3
    x = b
    for _ in range(iters):
        x = b - (A - jnp.eye(A.shape[0])) @ x
    return x


def main():
    return solve(0.5 * jnp.eye(2), jnp.ones(2), options={"iters": 5})  # expect: JAX302


def run():
    return main()
