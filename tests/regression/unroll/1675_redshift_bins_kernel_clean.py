"""jax-cosmo's weak-lensing kernel stacks the n(z) of every tomographic redshift bin with a Python
list comprehension, `np.stack([pz(z_prime) for pz in pzs], axis=0)`, inside a vmapped integrand
that is jitted with the rest of the Cl computation. The loop runs over a short Python list of
redshift-distribution objects (a handful of tomographic bins, fixed by the survey configuration),
not over array data, so unrolling it is cheap; the PR only changed how the kernels are batched
into a single `simps` call.

Source: https://github.com/DifferentiableUniverseInitiative/jax_cosmo/pull/70
Observed on jax 0.10.x: weak_lensing_kernel compiled 1 times
"""
import jax
import jax.numpy as np
from jax import jit, vmap


class smail_nz:
    def __init__(self, a, b, z0):
        self.a, self.b, self.z0 = a, b, z0

    def __call__(self, z):
        return z ** self.a * np.exp(-((z / self.z0) ** self.b))


def radial_comoving_distance(z):
    return 3000.0 * z / (1.0 + 0.3 * z)


@jit
def weak_lensing_kernel(z):
    pzs = [smail_nz(1.0, 2.0, z0) for z0 in (0.3, 0.5, 0.7, 0.9)]
    chi = radial_comoving_distance(z)
    z_prime = np.linspace(0.01, 3.0, 256)

    @vmap
    def integrand(z_prime):
        chi_prime = radial_comoving_distance(z_prime)
        # Stack the dndz of all redshift bins
        dndz = np.stack([pz(z_prime) for pz in pzs], axis=0)
        return dndz[:, None] * np.clip(chi_prime - chi[None, :], 0) / np.clip(chi_prime, 1.0)

    return np.trapezoid(integrand(z_prime), z_prime, axis=0)


def run():
    z = np.linspace(0.05, 2.0, 32)
    for _ in range(3):
        weak_lensing_kernel(z)
    return None
