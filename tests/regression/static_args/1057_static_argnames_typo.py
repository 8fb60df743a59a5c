"""static_argnames spelling that does not match the parameter.

Source: https://docs.jax.dev/en/latest/_autosummary/jax.jit.html
What happened: the jax.jit reference documents static_argnames as names of
parameters of ``fun``; a name that no parameter has (here ``num_step`` for the
``num_steps`` parameter used in ``range``) is rejected when the wrapper is built.
Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


def build_integrator(dt):
    def integrate(x0, velocity, num_steps):
        x = x0
        for _ in range(num_steps):
            x = x + dt * velocity
        return x

    return jax.jit(integrate, static_argnames=("num_step",))  # expect: JAX304


def run():
    integrate = build_integrator(0.1)
    return integrate(jnp.zeros(3), jnp.ones(3), num_steps=4).sum()
