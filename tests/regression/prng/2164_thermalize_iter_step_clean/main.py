"""PESNet's `Trainer.eval_energy` thermalises the walkers between energy evaluations with an
inner `iter_step(key, electrons)` that loops `for _ in range(thermalize_steps)`, splitting
`key, subkey = p_split(key)` before each sampler call and returning the advanced key, which
the outer loop stores back in `self.shared_key`. Each thermalisation step and each repeat
therefore uses a fresh subkey.

Source: https://github.com/n-gao/pesnet/blob/f5965d89f5b0bcb577f0263e3d020df58d57a0b8/pesnet/trainer.py#L465
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import jax.numpy as jnp

from sampler import p_split, pm_local_energy, pm_sampler


class Trainer:
    def __init__(self, key):
        self.shared_key = key
        self.width = 0.05

    def eval_energy(self, params, electrons, atoms, n_repeats, thermalize_steps):
        def iter_step(key, electrons):
            for _ in range(thermalize_steps):
                key, subkey = p_split(key)
                electrons, _ = pm_sampler(subkey, params, electrons, atoms, self.width)
            energies = pm_local_energy(params, electrons, atoms)
            return key, energies, electrons

        total_energies = []
        for _ in range(n_repeats):
            self.shared_key, energies, electrons = iter_step(self.shared_key, electrons)
            total_energies.append(energies)
        return total_energies


def run():
    trainer = Trainer(jax.random.PRNGKey(42))
    energies = trainer.eval_energy(1.0, jnp.zeros((32, 3, 3)), jnp.zeros((2, 3)), n_repeats=4, thermalize_steps=3)
    return sum(bool(jnp.array_equal(a, b)) for a, b in zip(energies, energies[1:]))
