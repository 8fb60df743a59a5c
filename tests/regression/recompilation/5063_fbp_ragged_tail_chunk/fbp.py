import jax
import jax.numpy as jnp


def _bp_one(T, F):
    return jnp.einsum("ij,i->j", T, F.ravel())


def fbp(T_all, proj, n_vox, views_per_batch=4):
    n_views = proj.shape[0]
    acc = jnp.zeros((n_vox,), dtype=jnp.float32)
    b = max(1, min(int(views_per_batch), n_views))

    def bp_batch(T_chunk, filt_chunk):
        def body(accum, inputs):
            T, F = inputs
            return accum + _bp_one(T, F), None

        acc_chunk, _ = jax.lax.scan(body, jnp.zeros((n_vox,), jnp.float32), (T_chunk, filt_chunk))
        return acc_chunk

    bp_batch_jit = jax.jit(bp_batch)
    s = 0
    while s < n_views:
        cur = min(b, n_views - s)
        T_chunk = T_all[s : s + cur]
        y_chunk = proj[s : s + cur]
        filt_chunk = jnp.fft.irfft(jnp.fft.rfft(y_chunk, axis=-1) * 2.0, n=y_chunk.shape[-1], axis=-1)
        acc = acc + bp_batch_jit(T_chunk, filt_chunk)  # expect: JAX404
        s += cur
    return acc
