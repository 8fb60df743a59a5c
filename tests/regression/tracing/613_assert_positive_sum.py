"""A jitted function asserts a positivity condition on a traced sum.

Source: https://github.com/jax-ml/jax/pull/8947
The PR's repro: `result = sum(jnp.add(1, 1) for _ in range(N)); assert result > 0`
under `@jax.jit` raises a concretization error at the `assert`, with the
provenance lines now capped. Rebuilt as a normalising helper that asserts
its partition function is positive.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


@jax.jit
def normalise(weights):
    z = sum(jnp.exp(w) for w in weights)
    assert z > 0  # expect: JAX201
    return [jnp.exp(w) / z for w in weights]


def run():
    return normalise([jnp.float32(0.1), jnp.float32(0.2), jnp.float32(-1.0)])
