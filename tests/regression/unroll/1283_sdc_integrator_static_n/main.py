"""A jitted ODE integrator loops in Python over N collocation points, where N
is a static argument chosen by the caller: the whole time stepping is
unrolled into the trace and grows with N.

Source: https://github.com/VLSF/SDC/blob/059c6624faed7b42ce6cb48042c6379aaa592001/misc/utils.py
In VLSF/SDC (spectral deferred correction datasets), ``misc/utils.py``
defines ``@partial(jit, static_argnums=[1, 2, 5, 6]) def integrator(u0, F, N,
t0, t1, integration_step, implicit=0)`` whose body is ``for i in range(1, N):
u = u.at[i].set(integration_step(u[i-1], G, h[i-1], t[i-1+implicit]))``;
``datasets/generate_dataset.py`` calls it per interval as
``Explicit_Euler.integrator(u0, F, N_points, t0, t1)``.  The layout is kept:
Chebyshev grid module, integrator module, and the driver that integrates a
Lorenz-like system on successive intervals.

Observed on jax 0.10.2: runs
"""
import jax.numpy as jnp

from integrators import rk4
from utils import integrator


def lorenz(u, t, sigma=10.0, rho=28.0, beta=8.0 / 3.0):
    x, y, z = u[0], u[1], u[2]
    return jnp.stack([sigma * (y - x), x * (rho - z) - y, x * y - beta * z])


def generate_trajectory(u0, T, n_points, n_intervals):
    Ts = jnp.linspace(T[0], T[1], n_intervals + 1)
    sols = []
    for t0, t1 in zip(Ts[:-1], Ts[1:]):
        values = integrator(u0, lorenz, n_points, t0, t1, rk4)
        sols.append(values)
        u0 = values[-1]
    return jnp.stack(sols)


def run():
    return generate_trajectory(jnp.array([1.0, 1.0, 1.0]), (0.0, 0.5), 64, 2)
