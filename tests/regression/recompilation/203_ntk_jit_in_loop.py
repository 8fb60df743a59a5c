"""Empirical NTK function re-jitted inside the loop over data chunks.

Source: https://github.com/google/neural-tangents/issues/106
The user found jitting the empirical NTK "did not seem to make a big difference,
actually it made the code take slightly longer ... (when computing kernels in a
loop)". The maintainer asked "are you by any chance jitting inside the loop?
Ideally you want to jit once ... A common reason for jitting to make things
slower is when it recompiles the function repeatedly."

Observed on jax 0.10.2: empirical_ntk compiled 3 times
"""
import jax
import jax.numpy as jnp


def apply_fn(params, x):
    return jnp.tanh(x @ params["w1"]) @ params["w2"]


def empirical_ntk_fn(f):
    def empirical_ntk(x1, x2, params):
        j1 = jax.jacobian(f)(params, x1)
        j2 = jax.jacobian(f)(params, x2)
        flat = lambda j: jnp.concatenate(
            [l.reshape(l.shape[0], -1) for l in jax.tree_util.tree_leaves(j)], axis=1)
        return flat(j1) @ flat(j2).T

    return empirical_ntk


def gram_blocks(params, chunks):
    grams = []
    for chunk in chunks:
        kernel = jax.jit(empirical_ntk_fn(apply_fn))
        grams.append(kernel(chunk, chunk, params))  # expect: JAX401
    return grams


def run():
    params = {"w1": jnp.ones((3, 8)) * 0.1, "w2": jnp.ones((8, 1))}
    chunks = [jnp.ones((5, 3)) * i for i in range(3)]
    return gram_blocks(params, chunks)[-1]
