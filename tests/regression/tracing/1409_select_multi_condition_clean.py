"""Clean look-alike. The question asked for the equivalent of an if/elif/else chain on an array
value inside jit; the answer uses jnp.select with a list of traced conditions (and shows
lax.switch with an integer index from nested jnp.where). Conditions stay arrays; nothing is
converted to a Python bool.

Source: https://errorhandle.ai/equivalent-of-jax-lax-cond-for-multiple-boolean-conditions
Observed on jax 0.10.x: runs
"""
import jax
import jax.lax as lax
import jax.numpy as jnp


@jax.jit
def func(x):
    return jnp.select([x < 0, x < 1], [x, 2 * x], default=3 * x)


@jax.jit
def func_switch(x):
    index = jnp.where(x < 0, 0, jnp.where(x < 1, 1, 2))
    return lax.switch(index, [lambda: x, lambda: 2 * x, lambda: 3 * x])


def run():
    x = jnp.array([-0.5, 0.5, 1.5])
    func(x)
    for v in (-0.5, 0.5, 1.5):
        func_switch(jnp.float32(v))
    return 0
