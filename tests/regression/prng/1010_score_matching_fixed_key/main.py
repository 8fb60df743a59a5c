"""The key parameter is ignored; noise comes from a fixed PRNGKey(0) each call.

Source: https://github.com/gchq/coreax/issues/87
What happened: coreax opened "Improve management of PRNG seeds" about seeds
fixed inside library functions; a perturbation helper that builds its own
PRNGKey(0) produces the same noise whatever key the caller passes.
run() returns how many calls with fresh caller keys repeat the first noise.
Observed on jax 0.10.2: 2 of 3 calls
"""
import jax
import jax.numpy as jnp

from score_matching import perturb_inputs, sliced_loss


def run():
    x = jnp.zeros(4)
    key = jax.random.PRNGKey(11)
    key, sub = jax.random.split(key)
    first = perturb_inputs(x, 1.0, sub)
    same = 0
    for _ in range(2):
        key, sub = jax.random.split(key)
        if bool(jnp.all(perturb_inputs(x, 1.0, sub) == first)):
            same += 1
    sliced_loss(x, jnp.ones(2), key)
    return same
