"""jax-cosmo's `weak_lensing_kernel` is decorated with `@jit` and builds its result from a
Python list: `radial_kernels = []`, then `radial_kernels.append(...)` once for the extended
redshift distributions and once for the delta-function ones, and finally
`np.concatenate(radial_kernels, axis=0)`. The list is created inside the jitted body on
every trace and only collects traced arrays for the concatenate, and `max([pz.zmax ...])`
reads static pytree metadata, so nothing leaks out of the trace: this is ordinary, correct
list building inside jit.

Source: https://github.com/DifferentiableUniverseInitiative/jax_cosmo/blob/c4f249f3712f2c4fe4b526274baad41a48e187ac/jax_cosmo/probes.py
Observed on jax 0.10.x: runs
"""
import jax.numpy as np
from jax import jit, vmap
from jax.tree_util import register_pytree_node_class


@register_pytree_node_class
class smail_nz:
    def __init__(self, a, b, z0, zmax=3.0):
        self.params = (a, b, z0)
        self.zmax = zmax

    def __call__(self, z):
        a, b, z0 = self.params
        return z**a * np.exp(-((z / z0) ** b))

    def tree_flatten(self):
        return self.params, {"zmax": self.zmax}

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, **aux)


def radial_comoving_distance(omega_m, z):
    return z / np.sqrt(omega_m * (1 + z) ** 3 + 1 - omega_m) * 3000.0


@jit
def weak_lensing_kernel(omega_m, pzs, z, ell):
    z = np.atleast_1d(z)
    zmax = max([pz.zmax for pz in pzs])
    chi = radial_comoving_distance(omega_m, z)
    radial_kernels = []

    @vmap
    def integrand(z_prime):
        chi_prime = radial_comoving_distance(omega_m, z_prime)
        dndz = np.stack([pz(z_prime) for pz in pzs], axis=0)
        return dndz[:, None] * np.clip(chi_prime - chi, 0) / np.clip(chi_prime, 1.0)

    zs = np.linspace(0.0, zmax, 64)
    radial_kernels.append(np.trapezoid(integrand(zs), zs, axis=0) * (1.0 + z) * chi)
    radial_kernels.append(np.ones((1,) + z.shape) * chi)
    radial_kernel = np.concatenate(radial_kernels, axis=0)
    ell_factor = np.sqrt((ell - 1) * ell * (ell + 1) * (ell + 2)) / (ell + 0.5) ** 2
    return 1.5 * omega_m * ell_factor * radial_kernel


def run():
    pzs = [smail_nz(1.0, 2.0, 0.5), smail_nz(1.5, 2.0, 0.8, zmax=4.0)]
    for om in (0.25, 0.3, 0.35):
        k = weak_lensing_kernel(om, pzs, np.linspace(0.1, 2.0, 8), 100.0)
    assert k.shape == (3, 8)
