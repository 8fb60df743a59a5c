"""Gaussian-splat renderer for a small racing game: ``fast_blur`` turns a (traced) sigma into a
number of box-blur passes with jnp ops and hands that traced count to ``lax.fori_loop`` as the
upper bound (lowered to a while loop, no Python int needed), and ``render_view`` marks
width/height static so ``jnp.zeros((width, height))`` and the clip bounds get Python ints. No
traced value reaches a shape, a Python range or a Python branch.

Source: https://github.com/bmabsout/gaussian_racer_jax/blob/b88d6e44dae31c90020842a76a41fa34a626e3ee/src/gaussian_renderer.py#L39
Observed on jax 0.10.x: render_view compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def single_blur_pass(image):
    kernel = jnp.array([0.25, 0.5, 0.25])
    padded = jnp.pad(image, ((0, 0), (1, 1)), mode="edge")
    temp = padded[:, :-2] * kernel[0] + padded[:, 1:-1] * kernel[1] + padded[:, 2:] * kernel[2]
    padded = jnp.pad(temp, ((1, 1), (0, 0)), mode="edge")
    return padded[:-2, :] * kernel[0] + padded[1:-1, :] * kernel[1] + padded[2:, :] * kernel[2]


@jax.jit
def fast_blur(image, sigma=1.0):
    def blur_body(i, acc):
        return single_blur_pass(acc)

    # Convert sigma to number of passes (1-4)
    n_passes = jnp.clip(jnp.floor(sigma), 1, 4).astype(jnp.int32)
    return lax.fori_loop(0, n_passes, blur_body, image)


@partial(jax.jit, static_argnums=(6, 7))
def render_view(points, intensities, stds, mouse_world_pos, view_center, view_size, width, height):
    all_points = jnp.concatenate([points, mouse_world_pos[None, :]])
    all_intensities = jnp.concatenate([intensities, jnp.array([1.0])])
    all_stds = jnp.concatenate([stds * view_size[0] / width, jnp.array([3.0 * view_size[0] / width])])

    screen_points = (all_points - view_center) * width / view_size[0] + jnp.array([width / 2, height / 2])
    indices = jnp.round(screen_points).astype(jnp.int32)

    image = jnp.zeros((width, height))
    x_indices = jnp.clip(indices[:, 0], 0, width - 1).astype(jnp.int32)
    y_indices = jnp.clip(indices[:, 1], 0, height - 1).astype(jnp.int32)

    scaled_intensities = all_intensities / jnp.sqrt(all_stds + 1.0)
    image = image.at[x_indices, y_indices].add(scaled_intensities)

    image = fast_blur(image, 2.0)
    return jnp.clip(image * 2.0, 0.0, 1.0)


def run():
    key = jax.random.PRNGKey(0)
    points = jax.random.uniform(key, (8, 2), minval=-5.0, maxval=5.0)
    intensities = jnp.ones(8)
    stds = jnp.full(8, 0.5)
    for step in range(3):
        mouse = jnp.array([0.1 * step, 0.0])
        image = render_view(points, intensities, stds, mouse, jnp.zeros(2), jnp.array([10.0, 10.0]), 32, 24)
    return image.shape


if __name__ == "__main__":
    run()
