"""Clean look-alike: the Student-t sampler after the fix, with ``key_g`` used
for the gamma draw.

Source: https://github.com/jax-ml/jax/issues/14597
"To me, it appears that line 1490 should use key_g, that is
``g = gamma(key_g, half_df, shape, dtype)``" (fixed in jax-ml/jax#14598).

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
from jax import random


def student_t(key, df, shape=(), dtype=jnp.float32):
    key_n, key_g = random.split(key)
    n = random.normal(key_n, shape, dtype)
    half_df = df / 2.0
    g = random.gamma(key_g, half_df, shape, dtype)
    return n * jnp.sqrt(half_df / g)


def run():
    return jax.jit(student_t, static_argnums=(2,))(random.key(0), 3.0, (1000,))
