"""Sharding experiments in a robotics/ML learning repo: `matmul_fn` prints the "local" shapes of
x, w and b and is used both under shard_map and as `matmul_jitted = jax.jit(matmul_fn)`. Under jit
the three print() calls run only while tracing: the first call prints (global, not per-shard,
shapes), every later call with the same shapes prints nothing, so the debug output the author
relies on silently disappears. run() calls the jitted function three times and counts the calls
that printed anything.

Source: https://github.com/YunxiTang/BEATPython/blob/e6d96b6730938afb4712a0e99f9b000838856e06/PythonRobotics/LearningJax/advanced/sharding_test.py#L20-L24
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


def matmul_fn(x: jax.Array, w: jax.Array, b: jax.Array) -> jax.Array:
    print("Local x shape", x.shape)  # expect: JAX101
    print("Local w shape", w.shape)  # expect: JAX101
    print("Local b shape", b.shape)  # expect: JAX101
    return jnp.dot(x, w) + b


def run():
    batch_size, input_dim, output_dim = 8, 2, 2
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, input_dim))
    w = jax.random.normal(jax.random.PRNGKey(1), (input_dim, output_dim))
    b = jax.random.normal(jax.random.PRNGKey(2), (output_dim,))
    matmul_jitted = jax.jit(matmul_fn)
    printed = 0
    for scale in (1.0, 2.0, 3.0):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            y2 = matmul_jitted(scale * x, w, b)
            y2.block_until_ready()
        printed += bool(buf.getvalue())
    return printed


if __name__ == "__main__":
    print(run())
