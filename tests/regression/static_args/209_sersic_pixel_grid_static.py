"""Renderer keeps its pixel-coordinate grids as static JAX-array fields.

Source: https://github.com/pysersic/pysersic/pull/71
After equinox began warning about JAX arrays in static fields, pysersic changed
its renderers so that "jax arrays never get typed as static" (static fields only
hold Python ints/floats/tuples). Before the fix, coordinate grids built with
jnp.meshgrid sat in `eqx.field(static=True)` slots; a jitted loss that takes a
renderer must then hash/compare those arrays as pytree metadata, which fails as
soon as a second renderer of the same image size is used.

Observed on jax 0.10.2: raises ValueError
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class PixelRenderer(eqx.Module):
    im_shape: tuple = eqx.field(static=True)
    X: jax.Array = eqx.field(static=True)  # expect: JAX301
    Y: jax.Array = eqx.field(static=True)  # expect: JAX301

    def __init__(self, im_shape):
        self.im_shape = tuple(im_shape)
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
    for _ in range(2):  # e.g. one renderer per fitted band
        out = loss(PixelRenderer(image.shape), params, image)
    return out
