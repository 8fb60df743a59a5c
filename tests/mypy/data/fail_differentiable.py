"""Differentiating what JAX refuses to differentiate: integer or boolean outputs and inputs."""

import jax
import jax.numpy as jnp


def count(x: jax.Array) -> int:
    return int(jnp.sum(x > 0))


def positive(x: jax.Array) -> bool:
    return bool(jnp.all(x > 0))


def power(x: jax.Array, n: int) -> jax.Array:
    return jnp.sum(x**n)


jax.grad(count)  # E: `grad` needs `count` to return a floating-point value, but it returns `int`  [jaxcheck-differentiable]
jax.value_and_grad(positive)  # E: `value_and_grad` needs `positive` to return a floating-point value, but it returns `bool`  [jaxcheck-differentiable]
jax.grad(power, argnums=1)  # E: `grad` differentiates parameter `n` of `power`, annotated `int`; JAX differentiates only floating-point inputs (or pass `allow_int=True`)  [jaxcheck-differentiable]
jax.grad(power, argnums=1, allow_int=True)
jax.grad(power)
jax.jacfwd(count)
