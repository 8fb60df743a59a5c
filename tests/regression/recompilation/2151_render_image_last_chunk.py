"""PlenOctrees' NeRF-SH code renders a test image chunk by chunk with `render_image`:
`chunk_rays = r[i : i + chunk]` for `i in range(0, num_rays, chunk)`, padding only up to a
multiple of the device count. The final chunk of an image whose ray count is not a
multiple of `chunk` (8192 by default) therefore has a new shape, and the pmapped/jitted
render function is compiled again for that tail on every resolution.

Source: https://github.com/sxyu/plenoctree/blob/f0b82631199a1aa7dc9ce263c08980a3a7504014/nerf_sh/nerf/utils.py#L353
Observed on jax 0.10.x: render_fn compiled 2 times
"""
import collections

import jax
import jax.numpy as jnp

Rays = collections.namedtuple("Rays", ("origins", "directions", "viewdirs"))


def namedtuple_map(fn, tup):
    return type(tup)(*map(fn, tup))


@jax.jit
def render_fn(variables, key_0, key_1, rays):
    z = jax.random.uniform(key_0, rays.origins.shape[:1])
    rgb = jax.nn.sigmoid(rays.directions @ variables["w"] + z[:, None])
    disp = jnp.abs(rays.viewdirs[:, 0]) + jax.random.uniform(key_1, z.shape) * 0.0
    return rgb, disp


def render_image(render_fn, rays, rng, chunk=8192):
    height, width = rays[0].shape[:2]
    num_rays = height * width
    rays = namedtuple_map(lambda r: r.reshape((num_rays, -1)), rays)
    unused_rng, key_0, key_1 = jax.random.split(rng, 3)
    results = []
    for i in range(0, num_rays, chunk):
        chunk_rays = namedtuple_map(lambda r: r[i : i + chunk], rays)
        chunk_results = render_fn(variables, key_0, key_1, chunk_rays)  # expect: JAX404
        results.append(chunk_results)
    rgb, disp = [jnp.concatenate(r, axis=0) for r in zip(*results)]
    return rgb.reshape((height, width, -1)), disp.reshape((height, width))


variables = {"w": jnp.eye(3)}


def run():
    h, w = 40, 50  # 2000 rays, chunk 512 -> tail of 464 rays
    o = jnp.zeros((h, w, 3))
    d = jnp.ones((h, w, 3))
    rgb, disp = render_image(render_fn, Rays(o, d, d), jax.random.PRNGKey(20200823), chunk=512)
    assert rgb.shape == (h, w, 3)
