import jax
import jax.numpy as jnp


def heun_solve(term, y0, dt, n_steps):
    def step(carry, i):
        y, nfev = carry
        t = i * dt
        f0 = term(t, y)
        f1 = term(t + dt, y + dt * f0)
        y = y + dt / 2 * (f0 + f1)
        return (y, nfev + 2), y

    (_, nfev), ys = jax.lax.scan(step, (y0, jnp.int32(0)), jnp.arange(n_steps))
    return ys, nfev


def make_jitted_solver(term, dt, n_steps):
    return jax.jit(lambda y0: heun_solve(term, y0, dt, n_steps))
