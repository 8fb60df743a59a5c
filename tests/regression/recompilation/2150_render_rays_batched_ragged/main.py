"""tensorf-jax renders a full image by flattening its pixel rays and calling
`render_rays_batched`, which slices them into chunks of `batch_size` and feeds each to
the jitted `render_rays`. The last slice is `x[processed : min(total_rays, processed +
batch_size)]`, i.e. shorter whenever the pixel count is not a multiple of the batch size
(e.g. 800x800 images with 4096-ray batches), so every render of such an image compiles
`render_rays` a second time for the ragged tail instead of padding it.

Source: https://github.com/brentyi/tensorf-jax/blob/cbfa324d54d379ba20b8fdb28b720945c5414723/tensorf/render.py#L81
Observed on jax 0.10.x: render_rays compiled 2 times
"""
import jax
import jax.numpy as jnp

from render import RenderConfig, Rays3D, render_rays_batched


def run():
    h, w = 30, 30  # 900 rays, batch 256 -> last batch has 132 rays
    origins = jnp.zeros((h * w, 3))
    directions = jnp.ones((h * w, 3)) / jnp.sqrt(3.0)
    rays = Rays3D(origins=origins, directions=directions)
    params = jnp.eye(3) * 0.1
    config = RenderConfig(near=0.1, far=2.0, density_samples_per_ray=16)
    out = render_rays_batched(params, rays, jax.random.PRNGKey(0), config, batch_size=256)
    assert out.shape == (h * w,)
