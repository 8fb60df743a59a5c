"""Student-t sampler splits its key but feeds the same half to both the normal
and the gamma draw.

Source: https://github.com/jax-ml/jax/issues/14597
"Potential bug in Student's T random sampling": ``key_n, key_g = _split(key)``
then ``n = normal(key_n, ...)`` and ``g = gamma(key_n, half_df, ...)`` --
"line 1490 should use key_g"; jakevdp: "That looks like a bug".

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
from jax import random


def student_t(key, df, shape=(), dtype=jnp.float32):
    key_n, key_g = random.split(key)
    n = random.normal(key_n, shape, dtype)
    half_df = df / 2.0
    g = random.gamma(key_n, half_df, shape, dtype)  # expect: JAX501
    return n * jnp.sqrt(half_df / g)


def run():
    return jax.jit(student_t, static_argnums=(2,))(random.key(0), 3.0, (1000,))
