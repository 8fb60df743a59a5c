"""Filtered backprojection streamed over view batches: the jitted batch kernel is fed
`T_all[s:s+cur]` where `cur = min(b, n_views - s)`, so when the number of views is not a multiple
of the batch size the last chunk has a different leading dimension and the scan kernel is
compiled a second time. The fix pads the tail chunk and masks it "so JAX only needs to compile
once per active batch size".

Source: https://github.com/tristanmanchester/tomojax/commit/12b98987f4e3b1cfec8bda2a43d8e9077d2b42c2
Observed on jax 0.10.x: bp_batch compiled 2 times
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
