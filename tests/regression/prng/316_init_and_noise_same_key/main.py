"""Experiment setup passes one seed key to both the initialiser and the noise generator.

Source: https://theneuralbase.com/jax/learn/beginner/random-state-management/
The tutorial: the same key always produces the same numbers; split it when you need
independent streams (e.g. weight init versus noise injection).  Here experiment.py hands
the same key to model.init_params and data.make_noisy_inputs, so the input noise is a
scaled copy of the initial weights.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax.numpy as jnp

from .experiment import setup_experiment


def run():
    correlated = 0
    for seed in range(3):
        params, inputs = setup_experiment(seed)
        w_std = params["w"] * jnp.sqrt(4.0)
        if bool(jnp.allclose(inputs / 0.5, w_std, atol=1e-5)):
            correlated += 1
    return correlated
