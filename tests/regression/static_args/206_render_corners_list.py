"""Scene bounding-box corners (a list of arrays) passed at a static position.

Source: https://github.com/tancik/fourier-feature-networks/issues/13
In the 3D shape notebook, `render_rays(get_params(opt_state), ab, *render_args_lr)`
forwarded `corners` - a Python list of two trimesh TrackedArrays computed from the
mesh bounds - into a position listed in `static_argnums`, failing with
"Non-hashable static arguments are not supported ... unhashable type: 'list'".
Here a helper returns the corners list from the mesh bounds and it is splatted
into the render call.

Observed on jax 0.10.2: raises ValueError
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def scene_bounds(vertices, pad=0.05):
    lo = vertices.min(axis=0) - pad
    hi = vertices.max(axis=0) + pad
    return [lo, hi]


@partial(jax.jit, static_argnums=(2, 3))
def render_rays(params, ab, corners, n_samples):
    lo, hi = corners
    t = jnp.linspace(0.0, 1.0, n_samples)
    pts = lo + (hi - lo) * t[:, None]
    feats = jnp.concatenate([jnp.sin(pts @ ab), jnp.cos(pts @ ab)], -1)
    return feats @ params


def render_view(params, ab, vertices):
    render_args = (scene_bounds(vertices), 16)
    return render_rays(params, ab, *render_args)  # expect: JAX302


def run():
    vertices = np.random.RandomState(0).rand(100, 3)
    ab = jnp.ones((3, 4))
    params = jnp.ones((8,))
    return render_view(params, ab, vertices)
