import math
from dataclasses import dataclass

import jax.numpy as jnp


@dataclass(frozen=True)
class PerfectlyMatchedLayer:
    thickness: int = 10
    axis: int = 0
    kappa_start: float = 1.0
    kappa_end: float = 1.5
    alpha_start: float = 1e-8
    alpha_end: float = 1e-8

    def place_on_grid(self, grid_spacing, eta0=376.73):
        # optimal conductivity for a polynomial-graded PML of order 3
        sigma_end_calculated = 0.8 * (3 + 1) / (eta0 * grid_spacing)
        sigma_end = float(sigma_end_calculated)  # expect: JAX202
        depth = jnp.arange(self.thickness) / self.thickness
        sigma = sigma_end * depth**3
        kappa = self.kappa_start + (self.kappa_end - self.kappa_start) * depth
        alpha = self.alpha_start + (self.alpha_end - self.alpha_start) * depth
        return {"sigma": sigma, "kappa": kappa, "alpha": alpha}


def place_objects(grid_spacing, boundaries):
    arrays = {}
    for i, pml in enumerate(boundaries):
        arrays[f"pml_{i}"] = pml.place_on_grid(grid_spacing)
    return arrays
