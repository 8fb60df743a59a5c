"""QuasisymmetryBoozer-like objective: keep only the symmetry-breaking Boozer harmonics."""
import jax.numpy as jnp


class QuasisymmetryBoozer:
    def __init__(self, helicity=(1, 0), NFP=1):
        self.helicity = helicity
        self.NFP = NFP

    def compute(self, B_mn, boozer_modes):
        M, N = self.helicity
        # harmonics that break the helical symmetry
        mask = (M * boozer_modes[:, 1] - N * boozer_modes[:, 0]) != 0
        return B_mn[mask]  # expect: JAX204,JAX205
