"""CoulombGas Metropolis sampler `mcmc(logp_fn, x_init, key, mc_steps, mc_stddev)`: the jitted
function runs its `mc_steps` random-walk updates with `lax.fori_loop`, threading
`(x, logp, key)` through the carry and splitting the key three ways inside the body. Hundreds of
MCMC steps without unrolling, the loop counter traced, key advanced every step.

Source: https://github.com/fermiflow/CoulombGas/blob/ca4a1eb7c4cb310d8a1a26422d8f9af7809e0d90/src/MCMC.py#L22
Observed on jax 0.10.x: runs
"""
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@partial(jax.jit, static_argnums=0)
def mcmc(logp_fn, x_init, key, mc_steps, mc_stddev=0.02):
    def step(i, state):
        x, logp, key = state
        key, key_proposal, key_accept = jax.random.split(key, 3)

        x_proposal = x + mc_stddev * jax.random.normal(key_proposal, x.shape)
        logp_proposal = logp_fn(x_proposal)
        ratio = jnp.exp(logp_proposal - logp)
        accept = jax.random.uniform(key_accept, ratio.shape) < ratio

        x_new = jnp.where(accept[:, None, None], x_proposal, x)
        logp_new = jnp.where(accept, logp_proposal, logp)
        return x_new, logp_new, key

    logp_init = logp_fn(x_init)
    x, logp, key = lax.fori_loop(0, mc_steps, step, (x_init, logp_init, key))
    return x


def logp(x):
    return -jnp.sum(x**2, axis=(1, 2))


def run():
    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (64, 14, 3))
    x = mcmc(logp, x, jax.random.PRNGKey(1), 500, 0.05)
    x.block_until_ready()
