"""A tree_util.Partial rebuilt on every call and passed as a static argument.

Source: https://github.com/jax-ml/jax/issues/13071
`check = jax.jit(check, static_argnums=0)` was called with
`jtu.Partial(g)` objects built fresh each time; both calls traced although
the partials wrap the same function. Partial objects compare by identity
at a static position, so each new wrapper is a new cache key.

Observed on jax 0.10.2: apply_update compiled 4 times
"""
import functools

import jax
import jax.numpy as jnp
import jax.tree_util as jtu


def sgd_rule(param, grad, lr):
    return param - lr * grad


@functools.partial(jax.jit, static_argnums=0)
def apply_update(rule, params, grads):
    return jax.tree_util.tree_map(rule, params, grads)


def train(params, grads, lr, steps):
    for _ in range(steps):
        rule = jtu.Partial(jtu.Partial(sgd_rule, lr=lr))
        params = apply_update(rule, params, grads)  # expect: JAX405
    return params


def run():
    params = {"w": jnp.ones((3,)), "b": jnp.zeros(())}
    grads = {"w": jnp.full((3,), 0.1), "b": jnp.array(0.2)}
    train(params, grads, 0.5, 4)
