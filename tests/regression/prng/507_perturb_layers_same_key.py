"""ES parameter perturbation draws every layer's noise from the same key.

Source: https://github.com/VsonicV/es-at-scale/pull/6
Report: "add the version with iid noise" -- "The random perturbations in the previous
implementations are correlated across layers. This new version makes the noise perturbations
completely i.i.d." Here the perturbation is a ``tree_map`` over the parameter pytree that calls
``jax.random.normal(key, p.shape)`` for every leaf, so equally shaped layers receive identical
noise. run() counts the hidden layers whose noise equals the first layer's.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np


def perturb(params, key, sigma):
    return jax.tree_util.tree_map(
        lambda p: p + sigma * jax.random.normal(key, p.shape), params  # expect: JAX501,JAX503
    )


def run():
    params = {f"layer{i}": {"w": jnp.zeros((4, 4))} for i in range(3)}
    noisy = jax.jit(perturb)(params, jax.random.PRNGKey(7), 0.05)
    ws = [np.asarray(noisy[f"layer{i}"]["w"]) for i in range(3)]
    return sum(1 for w in ws if np.array_equal(w, ws[0]))
