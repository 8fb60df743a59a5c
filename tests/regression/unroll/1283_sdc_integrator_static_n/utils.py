from functools import partial

import jax.numpy as jnp
from jax import jit

from chebyshev import chebyshev_grid


def transform_to_interval(F, a, b):
    return lambda u, x, a=a, b=b: F(u, (b - a) * (x + 1) / 2 + a) * (b - a) / 2


@partial(jit, static_argnums=[1, 2, 5, 6])
def integrator(u0, F, N, t0, t1, integration_step, implicit=0):
    u = jnp.zeros((N, u0.shape[0]))
    u = u.at[0].set(u0)
    t = chebyshev_grid(N)
    G = transform_to_interval(F, t0, t1)
    h = (jnp.roll(t, -1) - t)[:-1]
    for i in range(1, N):  # expect: JAX407
        u = u.at[i].set(integration_step(u[i - 1], G, h[i - 1], t[i - 1 + implicit]))
    return u
