"""Explicit Runge-Kutta step whose stages are computed in a Python loop."""
import jax
import jax.numpy as jnp

from tableau import DOPRI5_A, DOPRI5_B, DOPRI5_C


def rk_step(vector_field, t, y, dt, args):
    ks = [vector_field(t, y, args)]
    for i in range(len(DOPRI5_C)):  # expect: JAX407
        a_i = DOPRI5_A[i]
        yi = y + dt * sum(a * k for a, k in zip(a_i, ks))
        ks.append(vector_field(t + DOPRI5_C[i] * dt, yi, args))
    return y + dt * sum(b * k for b, k in zip(DOPRI5_B, ks))


def diffeqsolve(vector_field, y0, t0, t1, n_steps, args):
    dt = (t1 - t0) / n_steps

    def body(i, y):
        return rk_step(vector_field, t0 + i * dt, y, dt, args)

    return jax.lax.fori_loop(0, n_steps, body, y0)
