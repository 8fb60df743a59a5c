"""Integrator jitted with a static_argnames entry that names a parameter renamed later.

Source: https://github.com/jax-ml/jax/pull/10603
The PR added validation of `static_argnames` after silent mismatches were found (two
even inside JAX itself): a name that is not a parameter used to be ignored, leaving the
intended argument traced. Here `num_steps` was renamed to `n_steps`, but the jit wrapper built
by the solver factory still says `num_steps`; jax now rejects the wrapper.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


def leapfrog(q, p, grad_u, step_size, n_steps):
    def body(_, qp):
        q, p = qp
        p = p - 0.5 * step_size * grad_u(q)
        q = q + step_size * p
        p = p - 0.5 * step_size * grad_u(q)
        return q, p
    return jax.lax.fori_loop(0, n_steps, body, (q, p))


def make_integrator():
    return jax.jit(leapfrog, static_argnames=("grad_u", "num_steps"))  # expect: JAX304


def run():
    integrate = make_integrator()
    grad_u = jax.grad(lambda q: 0.5 * jnp.sum(q ** 2))
    return integrate(jnp.ones(3), jnp.zeros(3), grad_u, 0.1, n_steps=10)
