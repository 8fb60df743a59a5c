"""Deep network built as `serial([layer] * depth)` and applied under jit.

Source: https://github.com/google/neural-tangents/issues/168
"The LLVM compiler pass uses excessive amounts of memory for deep networks which are constructed
like this `stax.serial([my_layer]*depth)` ... The reason is that the `serial` combinator
internally relies on a python for loop (with carry)"; the issue proposes a `repeat` combinator
built on `jax.lax.scan` "to save compilation time by avoiding loop unrolling". Here a small
stax-like `serial` applies 2*depth layers with a Python loop inside the jitted forward pass.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from stax_lite import Dense, Relu, serial

DEPTH = 64


def run():
    init_fn, apply_fn = serial(*([Dense(32), Relu()] * DEPTH))
    params = init_fn(jax.random.PRNGKey(0), 32)
    forward = jax.jit(apply_fn)
    return forward(params, jnp.ones((4, 32)))
