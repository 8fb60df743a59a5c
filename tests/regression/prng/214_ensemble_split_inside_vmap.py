"""Ensemble perturbation splits an unbatched key inside the vmapped function.

Source: https://crackedaicode.com/problems/jax-deterministic-batch-with-keys
The "Deterministic Batch via vmap+split" exercise lists as a pitfall
"Splitting WHILE vmapping: don't put jax.random.split inside the vmapped
function — split first, then vmap". With the base key broadcast
(`in_axes=None`), every lane splits the same key and draws the same sample.
Here an ensemble of policies is perturbed by a jitted method of a trainer.

Observed on jax 0.10.2: 4 of 4 calls
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp


def perturb_member(member_params, key, sigma):
    key, sub = jax.random.split(key)
    return member_params + sigma * jax.random.normal(sub, member_params.shape)


@dataclass
class EnsembleTrainer:
    sigma: float = 0.05

    def perturb(self, ensemble, key):
        return jax.vmap(perturb_member, in_axes=(0, None, None))(ensemble, key, self.sigma)  # expect: JAX503


def run():
    trainer = EnsembleTrainer()
    ensemble = jnp.zeros((5, 6))
    step = jax.jit(trainer.perturb)
    out = step(ensemble, jax.random.PRNGKey(0))
    return sum(int(jnp.array_equal(out[0], out[i])) for i in range(1, 5))
