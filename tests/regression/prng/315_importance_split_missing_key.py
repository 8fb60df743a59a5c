"""Importance sampler splits `self.num_particles` instead of the key it was given.

Source: https://github.com/genjax-community/genjax/issues/670
"[BUG] missing key argument in importance sampling's jax.random.split": the code called
`jax.random.split(self.num_particles)` instead of `jax.random.split(key, self.num_particles)`,
so the caller's key was never used.  On current JAX the integer is rejected as key data.

Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp


class ImportanceSampler:
    def __init__(self, num_particles, proposal_scale=1.0):
        self.num_particles = num_particles
        self.proposal_scale = proposal_scale

    def log_target(self, z):
        return -0.5 * (z - 2.0) ** 2

    def run(self, key):
        sub_keys = jax.random.split(self.num_particles)  # expect: JAX502
        z = jax.vmap(lambda k: self.proposal_scale * jax.random.normal(k))(sub_keys)
        log_w = self.log_target(z) + 0.5 * (z / self.proposal_scale) ** 2
        return z, jax.nn.softmax(log_w)


def run():
    sampler = ImportanceSampler(num_particles=16)
    return sampler.run(jax.random.key(3))
