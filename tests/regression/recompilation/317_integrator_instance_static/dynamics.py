import functools

import jax
import jax.numpy as jnp

from integrators import Leapfrog


def potential(q):
    return 0.5 * jnp.sum(q ** 2) + 0.1 * jnp.sum(q ** 4)


@functools.partial(jax.jit, static_argnums=0)
def trajectory(integrator, q0, p0):
    grad_fn = jax.grad(potential)

    def body(carry, _):
        q, p = integrator.step(grad_fn, *carry)
        return (q, p), q

    _, qs = jax.lax.scan(body, (q0, p0), None, length=integrator.n_steps)
    return qs


def simulate(q0, p0, dt=0.05, n_steps=20):
    integrator = Leapfrog(dt, n_steps)
    return trajectory(integrator, q0, p0)  # expect: JAX405
