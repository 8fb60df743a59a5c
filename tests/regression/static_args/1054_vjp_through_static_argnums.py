"""vjp of a function that was jitted with static_argnums.

Source: https://cloud.tencent.com/developer/ask/sof/107366264
What happened: (translated Stack Overflow question) ``func`` was jitted with
``static_argnums=(2, 3)`` and worked; calling ``jax.vjp(func_jitted,
params, e, A, B)`` differentiates with respect to every positional argument, so
the static positions receive JVP tracers and jit refuses them as non-hashable.
The answer: close over A and B with functools.partial.
Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


def elbo_terms(variational_params, eps, n_samples, prior_scale):
    mu, log_sigma = variational_params
    z = mu + jnp.exp(log_sigma) * eps[:n_samples]
    dlogp = -z / prior_scale ** 2
    return z, dlogp


elbo_terms_jit = jax.jit(elbo_terms, static_argnums=(2, 3))


def run():
    params = (jnp.zeros(3), jnp.zeros(3))
    eps = jnp.ones((5, 3))
    z, vjp_fn, dlogp = jax.vjp(elbo_terms_jit, params, eps, 4, 1.0, has_aux=True)  # expect: JAX302
    return vjp_fn(jnp.ones_like(z))[0][0].sum()
