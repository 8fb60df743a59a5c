"""`jax.config.jax_disable_jit` read inside a trace: measured on jax 0.10.2.

    /work/venv/bin/python bench/disable_jit_guard.py

Prints (jax 0.10.2, CPU):
    read under jit: False
    under jax.disable_jit(): the jitted function ran eagerly (x is a concrete array: True), assert ran
"""

import jax
import jax.numpy as jnp

seen = []


@jax.jit
def step(x):
    seen.append(jax.config.jax_disable_jit)
    if jax.config.jax_disable_jit:
        assert jnp.all(x > 0)
    return x * 2


step(jnp.ones(3))
print(f"read under jit: {seen[-1]}")


@jax.jit
def checked(x):
    seen.append(not isinstance(x, jax.core.Tracer))
    if jax.config.jax_disable_jit:
        assert jnp.all(x > 0)
    return x


with jax.disable_jit():
    checked(jnp.ones(3))
print(f"under jax.disable_jit(): the jitted function ran eagerly (x is a concrete array: {seen[-1]}), assert ran")
