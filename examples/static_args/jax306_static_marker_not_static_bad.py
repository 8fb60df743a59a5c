"""JAX306: `n` is annotated `Static[int]` but not listed as static, so JAX traces it anyway."""

import jax
import jax.numpy as jnp

from jaxcheck.typing import Static


@jax.jit  # expect: JAX306
def pad(x, n: Static[int]):
    return jnp.concatenate([x, jnp.zeros(n)])  # TypeError: Shapes must be 1D sequences of concrete values


if __name__ == "__main__":
    print(pad(jnp.ones(3), 2))
