"""pantea's Monte Carlo simulator proposes random atom displacements with NumPy, evaluates the
(jitted) potential energy of the trial structure, and accepts the move with plain Python control
flow: `if new_energy <= energy: accept = True` else compare `jnp.exp(-dE / kT)` with a uniform
draw. The energies are JAX arrays, but metropolis_algorithm itself is host code that is never
jitted, so the comparisons are on concrete values. Clean look-alike: `if` on a JAX array outside
any transformation.

Source: https://github.com/hghcomphys/pantea/blob/12f9f0da11003695bca89bd669e31594bf609087/pantea/simulation/monte_carlo.py#L65
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
import numpy as np

KB = 3.166811563e-6  # Hartree / K


@jax.jit
def lj_energy(positions):
    dx = positions[:, None, :] - positions[None, :, :]
    r2 = jnp.sum(dx * dx, axis=-1) + jnp.eye(positions.shape[0])
    inv6 = (1.0 / r2) ** 3
    e = 4.0 * (inv6 * inv6 - inv6)
    return 0.5 * jnp.sum(e * (1.0 - jnp.eye(positions.shape[0]))) * 1e-3


class MCSimulator:
    def __init__(self, translate_step, target_temperature, movements_per_step=1, seed=12345):
        self.translate_step = translate_step
        self.target_temperature = target_temperature
        self.movements_per_step = movements_per_step
        self.step = 0
        np.random.seed(seed)

    def metropolis_algorithm(self, system):
        displacements = np.random.uniform(low=-self.translate_step, high=self.translate_step,
                                          size=(self.movements_per_step, 3))
        atom_indices = np.random.randint(low=0, high=system["positions"].shape[0], size=(self.movements_per_step,))
        new_positions = system["positions"].at[atom_indices].add(displacements)
        new_energy = lj_energy(new_positions)

        energy = system["total_energy"]
        accept = False
        if new_energy <= energy:
            accept = True
        else:
            prob = jnp.exp(-(new_energy - energy) / (KB * self.target_temperature))
            accept = True if prob >= np.random.uniform(0.0, 1.0) else False

        if accept:
            system["total_energy"] = new_energy
            system["positions"] = new_positions

    def simulate_one_step(self, system):
        self.metropolis_algorithm(system)
        self.step += 1


def run():
    grid = jnp.stack(jnp.meshgrid(jnp.arange(2.0), jnp.arange(2.0), jnp.arange(2.0)), -1).reshape(-1, 3) * 1.2
    system = {"positions": grid, "total_energy": lj_energy(grid)}
    mc = MCSimulator(translate_step=0.05, target_temperature=300.0)
    for _ in range(20):
        mc.simulate_one_step(system)
    return mc.step
