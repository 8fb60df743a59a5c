"""The jit-of-scan pattern: a running product written as `lax.scan` inside a jitted function,
rather than a Python for loop over the elements, so the loop is staged as one while op and the
compiled executable is reused for every input of the same length.

Source: https://crackedaicode.com/problems/jax-jit-of-scan
Observed on jax 0.10.x: scan_product compiled 1 times
"""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def scan_product(x):
    def step(carry, xi):
        return carry * xi, carry * xi

    _, ys = lax.scan(step, 1.0, x)
    return ys


def run():
    for i in range(3):
        scan_product(jnp.arange(1.0, 1001.0) + i)
    return None


if __name__ == "__main__":
    run()
