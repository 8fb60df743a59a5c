"""The same call of a function that draws from a key made from a written seed, on every pass of a
host loop (jax 0.10.2).

    python bench/measure_fixed_seed_calls.py

Measured on jax 0.10.2 (CPU): `[afunction() for _ in range(3)]` with a jitted
`normal(PRNGKey(77), (1000,))` gives 3 equal arrays; a jitted lambda adding `add_background`'s
`normal(split(PRNGKey(42))[1], ...)` noise (case 1336) gives 3 equal images.
"""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def afunction():
    return jax.random.normal(jax.random.PRNGKey(77), (1000,))


def add_background(image, sigma):
    key, subkey = jax.random.split(jax.random.PRNGKey(42))
    return sigma * jax.random.normal(subkey, image.shape)


def main() -> None:
    zs = [afunction() for _ in range(3)]
    print("equal draws:", sum(bool(np.array_equal(z, zs[0])) for z in zs), "of", len(zs))
    simulate = jax.jit(lambda m: m + add_background(m, 0.05))
    images = [simulate(jnp.ones((4, 4))) for _ in range(3)]
    print("equal images:", sum(bool(np.array_equal(i, images[0])) for i in images), "of", len(images))


if __name__ == "__main__":
    main()
