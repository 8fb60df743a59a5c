"""Weakly-typed integrator scalars make the nested-sampling step compile twice.

Source: https://github.com/handley-lab/blackjax/pull/60
"Double traced jit": the nested-sampling integrator initialised logX/logZ
without the loglikelihood's dtype, so on the first call they were weak-typed
Python scalars and step_fn's output carried strong float32 values; the second
iteration's input types differed and step_fn compiled again. The fix
initialised them with the loglikelihood dtype.

Observed on jax 0.10.2: step_fn compiled 2 times
"""
import jax

from integrator import init_integrator
from sampler import NSState, gaussian_loglik, step_fn


def run_nested_sampling(key, num_live=32, num_steps=5):
    key, init_key = jax.random.split(key)
    particles = jax.random.normal(init_key, (num_live, 2)) * 3.0
    loglik = gaussian_loglik(particles)
    state = NSState(particles, loglik, init_integrator(loglik))
    for _ in range(num_steps):
        key, sub = jax.random.split(key)
        state = step_fn(state, sub)  # expect: JAX406
    return state.integrator.logZ


def run():
    return run_nested_sampling(jax.random.PRNGKey(0))
