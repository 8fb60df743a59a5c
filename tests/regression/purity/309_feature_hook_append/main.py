"""Forward hooks append activations to a recorder list inside a jitted forward pass.

Source: https://github.com/google/flax/issues/674
Flax's issue notes that mutations of lists stored on modules (e.g.
`self.sub_modules.append(...)`) were silently dropped and proposes freezing them.  Here
a PyTorch-style forward hook appends activations to a list held by a recorder object;
under jit the append runs only while tracing, so the dashboard gets one entry (a
tracer) instead of one per batch.

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax
import jax.numpy as jnp

from hooks import FeatureRecorder
from model import MLP


def run():
    recorder = FeatureRecorder()
    model = MLP(recorder)
    apply = jax.jit(model.__call__)
    params = {"w1": jnp.ones((3, 5)), "w2": jnp.ones((5, 1))}
    for i in range(3):
        apply(params, jnp.full((2, 3), float(i))).block_until_ready()
    return len(recorder.features)
