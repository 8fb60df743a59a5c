"""JAX106, fixed: draw with `jax.random` from a key passed in, split on every call."""

import jax
import jax.numpy as jnp


@jax.jit
def add_noise(x, key):
    return x + jax.random.normal(key)


def run(n=3, seed=0):
    key = jax.random.key(seed)
    results = []
    for _ in range(n):
        key, subkey = jax.random.split(key)
        results.append(float(add_noise(jnp.float32(0.0), subkey)))
    return results


if __name__ == "__main__":
    print(run())
