"""A Bayesian SDE solver implements its reference Euler-Maruyama integrator for N time
steps.  Rather than a Python loop over the N steps (which jit would unroll), `solver`
splits the key into N step keys and runs the step body with `jax.lax.scan` over
`(keys, ts)`, so the step is traced once whatever N is, and each step draws its Brownian
increment from its own key.  Correct look-alike of a long time-stepping loop.

Source: https://github.com/ylefay/bayesianSDEsolver/blob/40c6108db47a1c4106b46e1984814afc378cf3aa/bayesian_sde_solver/sde_solvers/euler_maruyama.py#L5-L23
Observed on jax 0.10.x: solver compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(2, 3, 5))
def solver(key, init, drift, sigma, h, N):
    """Euler-Maruyama method."""
    dim = sigma(init, 0.0).shape[1]

    def body(x, inp):
        key_k, t = inp
        bm_key, _ = jax.random.split(key_k, 2)
        dW = h ** 0.5 * jax.random.normal(bm_key, shape=(dim,))
        out = x + h * drift(x, t) + sigma(x, t) @ dW
        return out, out

    keys = jax.random.split(key, N)
    ts = jnp.linspace(0, N * h, N + 1)
    _, samples = jax.lax.scan(body, init, (keys, ts[:-1]))
    samples = jnp.insert(samples, 0, init, axis=0)
    return ts, samples


def drift(x, t):
    return -x


def sigma(x, t):
    return 0.3 * jnp.eye(2)


def run():
    key = jax.random.PRNGKey(0)
    for k in jax.random.split(key, 3):
        solver(k, jnp.ones(2), drift, sigma, 0.01, 500)
