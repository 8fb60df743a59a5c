"""Adaptive Metropolis-within-Gibbs: the jump size is adapted with a Python
``if`` on the (traced) cumulative acceptance rate.

Source: https://github.com/mlysy/pfjax/issues/3
"In ``mwg_adapt``, we get an error that traced values cannot be used in
Boolean functions (at line 207)"; the fix uses
``low_acc = jnp.sign(targ_acc - accept_rate)``.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


def mwg_adapt(rw_sd, accept_rate, n_iter, adapt_max=0.01, adapt_rate=0.5):
    targ_acc = 0.44
    delta = jnp.power(n_iter, -adapt_rate)
    delta = jnp.minimum(delta, adapt_max)
    if accept_rate < targ_acc:  # expect: JAX201
        return jnp.exp(jnp.log(rw_sd) - delta)
    return jnp.exp(jnp.log(rw_sd) + delta)


@jax.jit
def adapt_all(rw_sd, n_accept, n_iter):
    accept_rate = n_accept / n_iter
    return jax.vmap(mwg_adapt, in_axes=(0, 0, None))(rw_sd, accept_rate, n_iter)


def run():
    return adapt_all(jnp.ones(3), jnp.array([10.0, 50.0, 90.0]), 100.0)
