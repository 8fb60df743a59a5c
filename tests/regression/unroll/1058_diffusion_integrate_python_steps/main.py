"""Diffusion-model sampler integrating its reverse SDE with a Python step loop.

Source: https://github.com/bayesflow-org/bayesflow/pull/408
What happened: the new diffusion model's stochastic integrator looped
``for i in range(steps)`` in Python because ``keras.ops.fori_loop`` could not
carry the seed generator; reviewers flagged the performance cost and asked for a
fori_loop refactor (eventually done by precomputing the noise), since under the
JAX backend every step is unrolled into the compiled sampler.
Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from sampler import sample


def run():
    return sample(jax.random.PRNGKey(0), jnp.zeros((16, 2)), steps=300).sum()
