"""`jit(grad(...))` built inside the function that iminuit calls for every gradient.

Source: https://github.com/jax-ml/jax/issues/2515
The user fitted a Gaussian likelihood with iminuit and wrapped it as
`def my_dev_likelihood(pars): return jit(grad(_Likelihood))(pars[0], pars[1], x)`.
Each call builds a new `grad` function and a new jit around it, so every
gradient evaluation the minimiser requests compiles again.

Observed on jax 0.10.2: _Likelihood compiled 4 times
"""
import jax.numpy as jnp
import numpy as np
from jax import grad, jit
from jax.numpy import exp, log, pi, sqrt

sigma = 5.0
mu = 100.0
N = 100
x = jnp.asarray(np.random.RandomState(0).randn(N) * sigma + mu, dtype=jnp.float32)


def _Likelihood(s, m, w):
    term = -log(1 / (s * sqrt(2.0 * pi)) * exp(-(((w - m) / s) ** 2) / 2.0))
    return jnp.sum(term)


def my_dev_likelihood(pars):
    return jit(grad(_Likelihood))(pars[0], pars[1], x)  # expect: JAX401,JAX402,JAX407


def run():
    out = None
    for ss, mm in [(5.0, 100.0), (5.1, 100.1), (4.9, 99.0), (5.5, 101.0)]:
        out = my_dev_likelihood((jnp.float32(ss), jnp.float32(mm)))
    return out
