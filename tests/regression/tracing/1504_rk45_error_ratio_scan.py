"""In a PennyLane PR making the pulse ODE solver jit-compatible, the author's
first draft of the adaptive Runge-Kutta step lived inside a `lax.scan` body
and rejected steps with a Python `if mean_err_ratio > 1.:` on the error estimate.
The error ratio is computed from traced states, so tracing the scan "fails
unsurprisingly" with a concretization error.

Source: https://github.com/PennyLaneAI/pennylane/pull/3616
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


def abs2(x):
    return jnp.real(x) ** 2 + jnp.imag(x) ** 2


def runge_kutta_step(func, y0, f0, t0, dt):
    k2 = func(y0 + dt * f0 / 2, t0 + dt / 2)
    y1 = y0 + dt * k2
    f1 = func(y1, t0 + dt)
    y1_error = dt * (k2 - f0) / 2
    return y1, f1, y1_error


def odeint(func_, y0, t, atol=1e-8, rtol=1e-8):
    def scan_fun(carry, t1):
        y0, f0, t0 = carry
        dt = t1 - t0
        y1, f1, y1_error = runge_kutta_step(func_, y0, f0, t0, dt)

        err_tol = atol + rtol * jnp.maximum(jnp.abs(y0), jnp.abs(y1))
        err_ratio = y1_error / err_tol.astype(y1_error.dtype)
        mean_err_ratio = jnp.sqrt(jnp.mean(abs2(err_ratio)))
        if mean_err_ratio > 1.:  # expect: JAX201
            y1 = y0
        return (y1, f1, t1), y1

    f0 = func_(y0, t[0])
    _, ys = jax.lax.scan(scan_fun, (y0, f0, t[0]), t[1:])
    return ys


def run():
    H = jnp.array([[0.0, 1.0], [1.0, 0.0]], dtype=jnp.complex64)
    func = lambda y, t: -1j * (H @ y)
    y0 = jnp.array([1.0, 0.0], dtype=jnp.complex64)
    t = jnp.linspace(0.0, 1.0, 11)
    return jax.jit(odeint, static_argnums=0)(func, y0, t)
