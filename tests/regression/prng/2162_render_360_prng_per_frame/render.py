import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class RenderConfig:
    near: float
    far: float
    density_samples_per_ray: int


@functools.partial(jax.jit, static_argnames=("config",))
def render_rays(learnable_params, origins, directions, prng_key, config):
    ts = jnp.linspace(config.near, config.far, config.density_samples_per_ray)
    step = (config.far - config.near) / config.density_samples_per_ray
    sample_jitter = jax.random.uniform(prng_key, (origins.shape[0], ts.shape[0]))
    ts = ts[None, :] + step * sample_jitter
    points = origins[:, None, :] + ts[..., None] * directions[:, None, :]
    return jnp.sum(jnp.exp(-jnp.sum(points @ learnable_params, axis=-1)), axis=-1), sample_jitter
