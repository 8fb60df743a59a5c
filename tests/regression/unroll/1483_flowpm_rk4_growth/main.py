"""flowpm #82 "Slow gradients through growth ODE": the growth factor was integrated
with a hand-written RK4 whose steps are a Python for loop over the scale-factor grid.
Taking jitted gradients of the linear power spectrum w.r.t. cosmological parameters
traces every step (and its derivative) separately: 754 s for the first call with
256 steps, 142 s with 64 steps, versus ~0.5 s per call afterwards.

Source: https://github.com/DifferentiableUniverseInitiative/flowpm/issues/82
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from ode import odeint_rk4


def growth_ode(y, a, Omega_c):
    D, dD = y[0], y[1]
    Om_a = Omega_c / (Omega_c + (1 - Omega_c) * a ** 3)
    return jnp.stack([dD, -(3.0 / a) * dD + 1.5 * Om_a * D / a ** 2])


def pklin(cosmo, k, n_steps=24):  # 64 in the case as built, 256 in the report; fewer keep the corpus run short
    a = jnp.linspace(0.01, 1.0, n_steps)
    y0 = jnp.stack([a[0], 1.0])
    D = odeint_rk4(growth_ode, y0, a, cosmo["Omega_c"])[-1, 0]
    return jnp.sum(D ** 2 * cosmo["A_s"] * k ** cosmo["n_s"])


def run():
    cosmo = {"Omega_c": 0.25, "A_s": 2.1, "n_s": 0.96}
    grad_fn = jax.jit(jax.grad(pklin))
    k = jnp.logspace(-3, 0, 32)
    for _ in range(2):
        grad_fn(cosmo, k)
    return None


if __name__ == "__main__":
    run()
