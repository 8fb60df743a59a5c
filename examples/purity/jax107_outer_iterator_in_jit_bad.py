"""JAX107: `next()` on an outer iterator in a jitted function draws one item, at trace time."""

import jax
import jax.numpy as jnp

batches = iter([jnp.float32(1.0), jnp.float32(2.0), jnp.float32(3.0)])


@jax.jit
def step(params):
    batch = next(batches)  # expect: JAX107
    return params + batch


def run(n=3):
    return [float(step(jnp.float32(0.0))) for _ in range(n)]  # the first batch every time


if __name__ == "__main__":
    print(run())
