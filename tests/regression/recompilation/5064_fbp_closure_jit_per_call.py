"""Filtered backprojection: `fbp()` builds its chunk kernel as a closure and wraps it with
`bp_batch_jit = jax.jit(bp_batch)` on every call (and likewise a jitted lambda for the row
filter). The alignment loop calls fbp() to get a fresh initial volume each outer iteration, so
each call compiles the kernel again even though shapes and settings never change. A later commit
hoisted the jitted kernels to module level.

Source: https://github.com/tristanmanchester/tomojax/blob/0d198ed011c709cf327e1cba96a033412bab85f8/src/tomojax/recon/fbp.py#L155
Observed on jax 0.10.x: bp_batch compiled 3 times
"""
import jax
import jax.numpy as jnp


def _bp_one(T, F):
    return jnp.einsum("ij,i->j", T, F)


def fbp(T_all, proj, n_vox, views_per_batch=5):
    n_views = proj.shape[0]
    acc = jnp.zeros((n_vox,), dtype=jnp.float32)

    def bp_batch(T_chunk, filt_chunk):
        def body(accum, inputs):
            T, F = inputs
            return accum + _bp_one(T, F), None

        acc_chunk, _ = jax.lax.scan(body, jnp.zeros((n_vox,), jnp.float32), (T_chunk, filt_chunk))
        return acc_chunk

    bp_batch_jit = jax.jit(bp_batch)
    for s in range(0, n_views, views_per_batch):
        acc = acc + bp_batch_jit(T_all[s : s + views_per_batch], proj[s : s + views_per_batch])  # expect: JAX402
    return acc


def run():
    key = jax.random.PRNGKey(0)
    T_all = jax.random.normal(key, (10, 8, 16))
    proj = jax.random.normal(key, (10, 8))
    for outer_idx in range(3):
        x0 = fbp(T_all, proj * (1.0 + 0.1 * outer_idx), 16)
    return x0.shape[0]
