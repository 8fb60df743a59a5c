"""sandialabs/optimism: a material model's conditional (elastic vs. plastic branch) written with
`lax.cond` stopped working, and the fix replaced it with `np.where` (jax.numpy), evaluating both
branches and selecting elementwise. There is no Python branching on traced values left.

Source: https://github.com/sandialabs/optimism/pull/10
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as np

E, nu, Y0, H = 200.0, 0.3, 0.5, 10.0


def compute_elastic_energy(strain):
    mu = E / (2 * (1 + nu))
    return mu * np.sum(strain * strain)


def compute_plastic_energy(strain, eqps):
    return compute_elastic_energy(strain) + Y0 * eqps + 0.5 * H * eqps ** 2


def energy_density(strain, internal_vars):
    eqps = internal_vars[0]
    trial = compute_elastic_energy(strain)
    return np.where(eqps > 0.0, compute_plastic_energy(strain, eqps), trial)


def run():
    energy = jax.jit(jax.vmap(energy_density))
    strains = np.ones((4, 3, 3)) * 1e-3
    ivars = np.array([[0.0], [0.01], [0.0], [0.2]])
    energy(strains, ivars)
    jax.jit(jax.grad(energy_density))(strains[1], ivars[1])
