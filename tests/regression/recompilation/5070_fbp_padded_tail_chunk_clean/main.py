"""Filtered backprojection after the fix: the tail view chunk is padded up to the batch size
(repeating the last pose, zero projections) and masked, so every call of the jitted chunk kernel
sees the same (b, nu) shape and it compiles once even when n_views is not a multiple of b.

Source: https://github.com/tristanmanchester/tomojax/blob/12b98987f4e3b1cfec8bda2a43d8e9077d2b42c2/src/tomojax/recon/fbp.py#L175
Observed on jax 0.10.x: bp_batch compiled 1 times
"""
import jax

from fbp import fbp


def run():
    key = jax.random.PRNGKey(0)
    n_views, nu, n_vox = 10, 8, 16
    T_all = jax.random.normal(key, (n_views, nu, n_vox))
    proj = jax.random.normal(key, (n_views, nu))
    rec = fbp(T_all, proj, n_vox, views_per_batch=4)
    return rec.shape[0]
