"""Activations are collected into a module-level list from inside a jitted forward pass.

Source: https://github.com/jax-ml/jax/pull/5492
The PR that revived the tracer leak checker uses exactly this pattern as
its motivating bug: `lst = []; @jit def f(x): lst.append(x); return x`.
The list receives one tracer at trace time and nothing on later calls.
Rebuilt as an MLP that stashes hidden activations for later inspection.

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax
import jax.numpy as jnp

ACTIVATIONS = []


@jax.jit
def mlp(params, x):
    for w in params:
        x = jnp.tanh(x @ w)
        ACTIVATIONS.append(x)  # expect: JAX104
    return x


def run():
    params = [jnp.eye(3), jnp.eye(3)]
    x = jnp.ones((2, 3))
    for _ in range(3):
        mlp(params, x)
    # one entry per layer per call was expected; only the trace appended
    return len(ACTIVATIONS) // len(params)
