"""Hyperball optimizer rescales each update onto a sphere using Python's
builtin ``max`` between the update norm (a JAX array) and a float epsilon.

Source: https://github.com/marin-community/marin/pull/1969
"fix the maximum bug in hyperball optimizers that the max can't be applied
between a jax array and a float" -- inside the jitted train step the builtin
``max`` compares a tracer with a float.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class HyperballState(NamedTuple):
    count: jnp.ndarray


def scale_by_hyperball(radius=1.0, eps=1e-8):
    def init_fn(params):
        return HyperballState(count=jnp.zeros([], jnp.int32))

    def update_fn(updates, state, params=None):
        def _project(u):
            norm = jnp.linalg.norm(u)
            return u * (radius / max(norm, eps))  # expect: JAX206

        updates = jax.tree_util.tree_map(_project, updates)
        return updates, HyperballState(count=state.count + 1)

    return init_fn, update_fn


init_fn, update_fn = scale_by_hyperball(radius=0.5)


@jax.jit
def train_step(params, opt_state, x):
    grads = jax.grad(lambda p: jnp.sum((x @ p["w"]) ** 2))(params)
    updates, opt_state = update_fn(grads, opt_state, params)
    params = jax.tree_util.tree_map(lambda p, u: p - u, params, updates)
    return params, opt_state


def run():
    params = {"w": jnp.ones((3, 2))}
    return train_step(params, init_fn(params), jnp.ones((4, 3)))
