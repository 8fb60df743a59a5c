import dataclasses
import functools
import math

import jax
import jax.numpy as jnp
import numpy as onp


@dataclasses.dataclass(frozen=True)
class RenderConfig:
    near: float
    far: float
    density_samples_per_ray: int


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Rays3D:
    origins: jax.Array
    directions: jax.Array


def render_rays_batched(learnable_params, rays_wrt_world, prng_key, config, *, batch_size=4096):
    """Render rays, splitting them into batches to prevent out-of-memory errors."""
    (total_rays,) = rays_wrt_world.origins.shape[:1]
    processed = 0
    out = []
    for i in range(math.ceil(total_rays / batch_size)):
        batch = jax.tree.map(
            lambda x: x[processed : min(total_rays, processed + batch_size)],
            rays_wrt_world,
        )
        processed += batch_size
        out.append(
            render_rays(learnable_params, batch, prng_key, config)  # expect: JAX404
        )
    return onp.concatenate(out, axis=0)


@functools.partial(jax.jit, static_argnames=("config",))
def render_rays(learnable_params, rays_wrt_world, prng_key, config):
    ts = jnp.linspace(config.near, config.far, config.density_samples_per_ray)
    ts = ts + jax.random.uniform(prng_key, ts.shape) * 1e-3
    points = rays_wrt_world.origins[:, None, :] + ts[None, :, None] * rays_wrt_world.directions[:, None, :]
    sigmas = jnp.exp(-jnp.sum((points @ learnable_params) ** 2, axis=-1))
    return jnp.sum(sigmas, axis=-1)
