"""A renderer stores its profile dictionary as a static field.

Source: https://github.com/pysersic/pysersic/pull/71
After equinox started warning about static arrays, pysersic reworked its
renderers so that nothing unhashable is typed as static; among the changes,
the profile dict is no longer kept as an `eqx.field(static=True)` but as a
non-tree class annotation. Static fields must be hashable; a dict is not.

Observed on jax 0.10.2: runs
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class PixelRenderer(eqx.Module):
    xx: jax.Array
    yy: jax.Array
    profile_params: dict = eqx.field(static=True)  # expect: JAX301

    def __init__(self, im_shape):
        self.yy, self.xx = jnp.mgrid[: im_shape[0], : im_shape[1]].astype(jnp.float32)
        self.profile_params = {"sersic": ("xc", "yc", "flux", "r_eff", "n"),
                               "pointsource": ("xc", "yc", "flux")}

    def render_sersic(self, xc, yc, flux, r_eff, n):
        r = jnp.hypot(self.xx - xc, self.yy - yc)
        bn = 2.0 * n - 1.0 / 3.0
        prof = jnp.exp(-bn * ((r / r_eff) ** (1.0 / n) - 1.0))
        return flux * prof / prof.sum()


@eqx.filter_jit
def render(renderer, params):
    names = renderer.profile_params["sersic"]
    return renderer.render_sersic(*[params[k] for k in names])


def run():
    renderer = PixelRenderer((16, 16))
    params = {"xc": 8.0, "yc": 7.5, "flux": 10.0, "r_eff": 3.0, "n": 2.0}
    return render(renderer, params)
