from functools import partial

import jax.numpy as jnp
from jax import jit


class TLE:
  def __init__(self, k=jnp.linspace(-6, 6, 10)):
    self.k = k
    self.dk = self.k[2] - self.k[1]
    self.dt = self.dk

  @partial(jit, static_argnums=(0, 3, ))
  def psi_out_tt(self, psi_in, S_matrix, domain_check=False):
    r"""
    Transmitted two-photon output wavefunction, via einsum of S_matrix with input wavefunction

    :param domain_check: If true: prints the normalization constant of the output wavefunction
            Note: This does not work if function is jitted
    """
    psi_out = jnp.einsum('ijkl, kl -> ij', S_matrix, psi_in) * self.dk**2

    def check(psi_out):
      return jnp.trapezoid(jnp.trapezoid(jnp.abs(psi_out))) * self.dt**2

    if domain_check == True:
      print(f'Normalization constant of output wavefunction is: {check(psi_out)}')  # expect: JAX101

    return psi_out
