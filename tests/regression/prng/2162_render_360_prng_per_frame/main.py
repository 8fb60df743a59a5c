"""tensorf-jax's `render_360.py` renders an orbit video frame by frame and, inside the frame
loop, passes `prng_key=jax.random.PRNGKey(0)` to the renderer each iteration. The
renderer uses the key for its stratified sample jitter, so every frame gets exactly the
same jitter pattern (the same aliasing artefacts fixed to the screen) instead of fresh
samples per frame.

Source: https://github.com/brentyi/tensorf-jax/blob/cbfa324d54d379ba20b8fdb28b720945c5414723/render_360.py#L129
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

from render import RenderConfig, render_rays


def run():
    params = jnp.eye(3) * 0.1
    origins = jnp.zeros((64, 3))
    config = RenderConfig(near=0.1, far=3.0, density_samples_per_ray=24)
    jitters = []
    for i in range(4):
        angle = 2 * jnp.pi * i / 4
        directions = jnp.tile(jnp.array([jnp.cos(angle), jnp.sin(angle), 0.0]), (64, 1))
        rendered, jitter = render_rays(
            params, origins, directions,
            prng_key=jax.random.PRNGKey(0),  # expect: JAX503
            config=config,
        )
        jitters.append(jitter)
    return sum(bool(jnp.array_equal(a, b)) for a, b in zip(jitters, jitters[1:]))
