"""A cryo-EM sampling package's HMC proposal (`proposal_hmc` in hmc.py) runs its leapfrog
trajectory with a Python loop, `for i in jnp.arange(0, L)`, each step evaluating the gradient
of the log-posterior. The MCMC demo notebook then jit-compiles the proposal with `L=100`
leapfrog steps, so tracing unrolls 100 copies of the gradient step into one program: the jaxpr
(and XLA compile time) grows linearly with L instead of staying constant as with fori_loop.

Source: https://github.com/bogdantoader/simplecryoem/blob/f29db1d039adcaba07a98a728afb4f7dd565feb4/src/simplecryoem/sampling/hmc.py#L30
Observed on jax 0.10.x: proposal_hmc_jit compiled 1 times; 1 of 1 calls
"""
import jax
import jax.numpy as jnp
from jax import random

from hmc import proposal_hmc

k = 2
M = jnp.array([1.0, -2.0])
C = jnp.array([[2.0, 0.5], [0.5, 1.0]])
C_inv = jnp.linalg.inv(C)

logPi = lambda x: -1 / 2 * (x - M) @ C_inv @ (x - M) - jnp.log(
    jnp.sqrt((2 * jnp.pi) ** k * jnp.linalg.det(C))
)
gradLogPi = jax.grad(logPi)
logPi = jax.jit(logPi)
gradLogPi = jax.jit(gradLogPi)


# JIT-compile the proposal function
@jax.jit
def proposal_hmc_jit(key, x0, logPiX0, dt_list):
    return proposal_hmc(key, x0, logPiX0, logPi, gradLogPi, dt_list, L=100)


def run():
    key = random.PRNGKey(0)
    key1, key2 = random.split(key)
    x0 = random.normal(key1, (k,))
    logPiX0 = logPi(x0)
    dt_list = jnp.array([0.1])
    x1, r, logPiX1, logPiX0 = proposal_hmc_jit(key2, x0, logPiX0, dt_list)
    # the traced program holds one gradient call per leapfrog step: 100 unrolled steps
    n_grad_calls = sum(1 for e in jax.make_jaxpr(proposal_hmc_jit)(key2, x0, logPiX0, dt_list).jaxpr.eqns[0].params["jaxpr"].jaxpr.eqns
                       if e.primitive.name in ("pjit", "jit"))
    return int(n_grad_calls >= 100)
