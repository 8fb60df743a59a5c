"""pywaveprop (Lytaev's wave-propagation code for radio/underwater acoustics) has an
experimental multi-z Helmholtz propagator whose `compute` method is `@jax.jit`-decorated but
marches the field in range with a plain Python `for i in range(1, self.x_n)` loop, and each
step calls `_convolution`, itself a Python loop over `range(1, len(a))` with `a` the
(x_n, order, order) boundary kernel. Under jit both loops are unrolled at trace time: x_n
range steps times x_n convolution terms, so the jaxpr (and compile time) grows quadratically
with the number of range steps; the stable modules use `jax.lax.fori_loop` for exactly these
two loops. Reduced here to x_n=32 range steps.

Source: https://github.com/mikelytaev/wave-propagation/blob/686bcc9359df5e247415555bdb3fcb5c20ce37b2/pywaveprop/experimental/helmholtz_mz.py#L320
Observed on jax 0.10.x: compute compiled 1 times
"""
import jax.numpy as jnp

from propagator import HelmholtzPropagatorMZ


def make_model(x_n=32, z_n=16, order=2):
    coefs = jnp.array([[0.9 + 0.1j, 1.1 - 0.1j], [0.8 + 0.05j, 1.2 - 0.05j]][:order], dtype=complex)
    upper_nlbc = 1e-3 * jnp.ones((x_n, order, order), dtype=complex)
    het = jnp.linspace(0.0, 1e-3, z_n).astype(complex)
    return HelmholtzPropagatorMZ(x_n=x_n, z_n=z_n, dz_m=0.5, beta=1.0, coefs=coefs,
                                 upper_nlbc_coefs=upper_nlbc, het=het)


def run():
    model = make_model()
    z = jnp.linspace(0, 1, model.z_n)
    initial = jnp.exp(-((z - 0.5) / 0.1) ** 2).astype(complex)
    field = model.compute(initial)
    return field.shape
