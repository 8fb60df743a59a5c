"""Print-debugging an energy function whose gradient is jit-compiled.

Source: https://github.com/jax-ml/jax/issues/4615
The user added ``print("JUtotal: ", ret)`` to a function used through
``grad``/``jit`` and saw ``Traced<...>`` instead of the number; under ``jit``
the print also runs only while tracing, not on later calls.

Observed on jax 0.10.2: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


def pair_energy(pos):
    diff = pos[:, None, :] - pos[None, :, :]
    r2 = jnp.sum(diff**2, axis=-1) + jnp.eye(pos.shape[0])
    return jnp.sum(jnp.triu(1.0 / r2**6 - 2.0 / r2**3, k=1))


def total_energy(pos):
    ret = pair_energy(pos)
    print("JUtotal: ", ret)  # expect: JAX101
    return ret


forces = jax.jit(jax.grad(total_energy))


def run():
    pos = jnp.array([[0.0, 0.0], [1.1, 0.0], [0.0, 1.2]])
    printed = 0
    for k in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            forces(pos + 0.01 * k).block_until_ready()
        printed += "JUtotal" in buf.getvalue()
    return printed
