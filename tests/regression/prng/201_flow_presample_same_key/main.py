"""Two flows pre-sampled with the unsplit parent key.

Source: https://github.com/nuclear-multimessenger-astronomy/jester/pull/55
A review of the NICER likelihood found that `key_amsterdam, key_maryland =
jax.random.split(key)` was computed but both flows were then sampled with the
original `key`, so the two mass catalogues were built from identical normal
draws (the split children were never used). Here the likelihood class lives in
its own module and the flows in another.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax.numpy as jnp

from flows import GaussianFlow
from likelihood import NICERLikelihood


def build_pulsars():
    ams = GaussianFlow(mean=[1.4, 12.0], scale=[0.1, 0.5])
    mar = GaussianFlow(mean=[1.6, 13.0], scale=[0.2, 0.8])
    return [NICERLikelihood(name, ams, mar, 64, seed)
            for seed, name in enumerate(["J0030", "J0740", "J0437"])]


def run():
    same = 0
    for lik in build_pulsars():
        za = (lik.amsterdam_fixed_mass_samples - 1.4) / 0.1
        zm = (lik.maryland_fixed_mass_samples - 1.6) / 0.2
        same += int(jnp.allclose(za, zm, atol=1e-4))
    return same
