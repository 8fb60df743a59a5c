"""The same argument listed in static_argnames and donate_argnames.

Source: https://github.com/patrick-kidger/equinox/pull/235
The PR adding buffer donation to filter_jit discussed what happens when the
user marks an argument both donated and static ("True on static"). With plain
jax.jit the two markers are contradictory; jax rejects them when the step is
built.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


def sgd_update(params, grads, lr, schedule):
    scale = 0.5 if schedule == "decay" else 1.0
    return jax.tree_util.tree_map(lambda p, g: p - lr * scale * g, params, grads)


def build_update():
    return jax.jit(sgd_update, static_argnames=("schedule",), donate_argnames=("params", "schedule"))  # expect: JAX305


def run():
    update = build_update()
    params = {"w": jnp.ones(3)}
    grads = {"w": jnp.full(3, 0.1)}
    return update(params, grads, 0.1, "decay")
