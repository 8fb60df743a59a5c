"""A jitted step with a Python trace counter, defined once and called in the loop (clean).

Source: https://github.com/patrick-kidger/equinox/issues/151
The user wanted to count how often a jitted function recompiles (the answer
points at trace-time counters / the jit cache size). The step is created once,
outside the loop, with fixed argument shapes and dtypes, so its cache holds a
single entry after the loop.

Observed on jax 0.10.2: make_step compiled 1 times
"""
import jax
import jax.numpy as jnp

def loss(params, x, y):
    return jnp.mean((jnp.tanh(x @ params["w"]) + params["b"] - y) ** 2)


@jax.jit
def make_step(params, x, y):
    grads = jax.grad(loss)(params, x, y)
    return jax.tree_util.tree_map(lambda p, g: p - 0.05 * g, params, grads)


def run():
    key = jax.random.key(0)
    params = {"w": jnp.zeros((3, 1)), "b": jnp.zeros((1,))}
    for step in range(5):
        key, sub = jax.random.split(key)
        x = jax.random.normal(sub, (16, 3))
        params = make_step(params, x, x[:, :1])
    assert make_step._cache_size() == 1
    return params["b"]
