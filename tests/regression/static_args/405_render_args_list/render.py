import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(2, 3, 4))
def render_rays(params, ab, corners, resolution, num_samples):
    lo, hi = corners
    t = jnp.linspace(0.0, 1.0, num_samples)
    pts = lo + (hi - lo) * t[:, None]
    feats = jnp.concatenate([jnp.sin(pts @ ab), jnp.cos(pts @ ab)], -1)
    occ = jax.nn.sigmoid(feats @ params)
    return occ.reshape(-1)[: resolution]
