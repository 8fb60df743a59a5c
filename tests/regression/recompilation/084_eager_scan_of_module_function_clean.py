"""The clean look-alikes: `jax.lax.scan` outside jit over a module-level function (the same
object every time, so the compiled scan is reused), and a jitted function whose body scans a
lambda (traced once into the jitted program, not compiled on its own).

Source: https://github.com/jax-ml/jax/issues/2251 (`lax.scan` slow outside jit; the answer
moves the scan into a jitted function).

Observed on jax 0.10.x: scan compiled 1 time, smooth compiled 1 time
"""

import jax
import jax.numpy as jnp


def decay(carry, _):
    return carry * 0.5, None


@jax.jit
def smooth(x):
    return jax.lax.scan(lambda carry, _: (carry * 0.9, None), x, None, length=4)[0]


def main():
    x = jnp.ones(3)
    for _ in range(3):
        x = jax.lax.scan(decay, x, None, length=4)[0]
        x = smooth(x)
    return x


def run():
    main()
