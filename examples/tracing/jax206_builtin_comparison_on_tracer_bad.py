"""JAX206: builtin `max` on a traced value raises `TracerBoolConversionError` under jit."""

import jax
import jax.numpy as jnp


@jax.jit
def clip_below(x, floor):
    return max(x, floor)  # expect: JAX206


def run():
    return clip_below(jnp.float32(-1.0), 0.0)  # raises while tracing


if __name__ == "__main__":
    run()
