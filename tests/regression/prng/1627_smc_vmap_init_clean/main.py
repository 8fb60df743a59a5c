"""An annealed-importance/SMC sampler with one Metropolis transition-operator state per
intermediate distribution, each initialised from its own key: `init` vmaps the operator's
initialiser over `jax.random.split(key1, n)`, the batched-keys usage shown in the
jax.random.split documentation, and each scan step advances its own carried key.

Source: https://docs.jax.dev/en/latest/_autosummary/jax.random.split.html
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from .smc import build_smc


def run():
    init, step = build_smc(4, lambda x: -0.5 * jnp.sum(x ** 2),
                           lambda x: -0.5 * jnp.sum((x - 2.0) ** 2))
    smc_state = init(jax.random.PRNGKey(0))
    x0 = jax.random.normal(jax.random.PRNGKey(1), (16, 2))
    x, smc_state = jax.jit(step)(x0, smc_state)
    return x
