"""JAX-GalSim: photon count from a jnp computation passed at a static position.

Source: https://github.com/GalSim-developers/JAX-GalSim/commit/e3f37b9a4e4eb502a3aedc522dcd4bd894b25de8
(JAX-GalSim, "BUG hashable type for jit").

The photon-shooting jit test draws a convolved profile with
`_draw_it_jit(obj, n, nphotons, gain)`, jitted with `static_argnums=(1, 2)`
because the image size and the number of photons fix array shapes. `n` was
made a Python int with `.item()`, but `n_photons` came straight from
`calculate_n_photons(...)[0]`, a JAX array, which is not hashable. The fix
appended `.item()` (see the clean look-alike). Profiles trimmed to Gaussians
with analytic photon sampling.

Observed on jax 0.10.2: raises ValueError
"""
from functools import partial

import jax
import jax.numpy as jnp


class Gaussian:
    def __init__(self, sigma, flux=1.0):
        self.sigma, self.flux = sigma, flux

    @property
    def max_sb(self):
        return self.flux / (2 * jnp.pi * self.sigma**2)

    def shoot(self, key, n):
        return self.sigma * jax.random.normal(key, (n, 2))


class Convolution:
    def __init__(self, objs):
        self.obj_list = objs
        self.flux = jnp.prod(jnp.array([o.flux for o in objs]))
        self._flux_per_photon = 1.0

    @property
    def max_sb(self):
        return min(o.max_sb for o in self.obj_list)

    def getGoodImageSize(self, pixel_scale):
        sigma = jnp.sqrt(sum(o.sigma**2 for o in self.obj_list))
        return jnp.ceil(10 * sigma / pixel_scale).astype(int)

    def drawImage(self, nx, ny, scale, n_photons, gain, key):
        keys = jax.random.split(key, len(self.obj_list))
        pos = sum(o.shoot(k, n_photons) for o, k in zip(self.obj_list, keys))
        ix = jnp.clip(jnp.floor(pos[:, 0] / scale + nx / 2).astype(int), 0, nx - 1)
        iy = jnp.clip(jnp.floor(pos[:, 1] / scale + ny / 2).astype(int), 0, ny - 1)
        img = jnp.zeros((ny, nx)).at[iy, ix].add(self.flux / n_photons)
        return img / gain


def Convolve(objs):
    return Convolution(objs)


jax.tree_util.register_pytree_node(
    Gaussian, lambda g: ((g.sigma, g.flux), None), lambda _, c: Gaussian(*c)
)
jax.tree_util.register_pytree_node(
    Convolution, lambda c: ((c.obj_list,), None), lambda _, ch: Convolution(*ch)
)


def calculate_n_photons(flux, flux_per_photon, max_sb, poisson_flux=False, key=None):
    n_photons = jnp.ceil(jnp.abs(flux) / flux_per_photon).astype(int)
    g = jnp.where(max_sb > 0, 1.0, 1.0)
    return n_photons * 100, g


@partial(jax.jit, static_argnums=(1, 2))
def _draw_it_jit(obj, n, nphotons, gain):
    return obj.drawImage(nx=n, ny=n, scale=0.2, n_photons=nphotons, gain=gain,
                         key=jax.random.PRNGKey(42))


def _build_and_draw(hlr, fwhm):
    gal = Gaussian(sigma=hlr, flux=10.0)
    psf = Gaussian(sigma=fwhm / 2.355, flux=1.0)
    final = Convolve([gal, psf])
    n = final.getGoodImageSize(0.2).item()
    n += 1
    n_photons = calculate_n_photons(
        final.flux, final._flux_per_photon, final.max_sb, poisson_flux=False
    )[0]
    gain = 1.0
    return _draw_it_jit(final, n, n_photons, gain)  # expect: JAX302


def run():
    img = _build_and_draw(0.5, 1.0)
    return img.sum()
