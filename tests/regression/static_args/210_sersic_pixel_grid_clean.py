"""Renderer keeps only hashable metadata static; grids are ordinary leaves.

Source: https://github.com/pysersic/pysersic/pull/71
The fix from the PR: "more explicit handling of eqx static vs non static types,
ensuring jax arrays never get typed as static" - the image shape stays a static
tuple, the coordinate grids become normal (traced) pytree leaves.

Observed on jax 0.10.2: loss compiled 1 time
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class PixelRenderer(eqx.Module):
    im_shape: tuple = eqx.field(static=True)
    X: jax.Array
    Y: jax.Array

    def __init__(self, im_shape):
        self.im_shape = tuple(int(n) for n in im_shape)
        self.X, self.Y = jnp.meshgrid(
            jnp.arange(im_shape[1], dtype=jnp.float32),
            jnp.arange(im_shape[0], dtype=jnp.float32),
        )

    def render_sersic(self, xc, yc, r_eff, flux):
        r = jnp.sqrt((self.X - xc) ** 2 + (self.Y - yc) ** 2)
        return flux * jnp.exp(-r / r_eff)


@jax.jit
def loss(renderer, params, image):
    model = renderer.render_sersic(*params)
    return jnp.mean((model - image) ** 2)


def run():
    image = jnp.zeros((16, 16))
    params = (8.0, 8.0, 3.0, 1.0)
    out = None
    for _ in range(2):
        out = loss(PixelRenderer(image.shape), params, image)
    return out
