"""`int(i)` on the `fori_loop` index to pick a layer from a Python list.

Source: https://github.com/jax-ml/jax/issues/1708
The loop index of `fori_loop` is a tracer (the body is traced once), so `int(i)` cannot give a
Python integer; stacking the weights and indexing the array works.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp

weights = [jnp.eye(2) * (k + 1) for k in range(3)]


def apply_layers(x):
    def body(i, h):
        w = weights[int(i)]  # expect: JAX202
        return jnp.tanh(w @ h)

    return jax.lax.fori_loop(0, len(weights), body, x)


def run():
    apply_layers(jnp.ones(2))
