"""RK4 ODE flow over many micro-steps, looped with lax.scan.

Source: https://stochasticforceinference.readthedocs.io/en/latest/api/SFI.integrate.rk4.html
What happened: SFI's ``ode_flow(f, x0, dt, n_substeps)`` integrates with
``n_substeps`` RK4 micro-steps implemented via ``jax.lax.scan`` so the whole
flow is traceable and differentiable with a compile cost independent of the
number of steps (n_substeps is a static Python int).
Observed on jax 0.10.2: runs
"""
import functools

import jax
import jax.numpy as jnp


def rk4_step(f, x, h):
    k1 = f(x)
    k2 = f(x + 0.5 * h * k1)
    k3 = f(x + 0.5 * h * k2)
    k4 = f(x + h * k3)
    return x + h / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


@functools.partial(jax.jit, static_argnums=(0, 3))
def ode_flow(f, x0, dt, n_substeps):
    h = dt / n_substeps

    def body(x, _):
        return rk4_step(f, x, h), None

    x_final, _ = jax.lax.scan(body, x0, None, length=n_substeps)
    return x_final


def drift(x):
    return jnp.array([x[1], -x[0] - 0.1 * x[1]])


def run():
    return ode_flow(drift, jnp.array([1.0, 0.0]), 5.0, 500).sum()
