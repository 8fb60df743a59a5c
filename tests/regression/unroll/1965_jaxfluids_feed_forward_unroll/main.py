"""JAX-Fluids' differentiable `feed_forward` advances a simulation for
`FeedForwardSetup.outer_steps` x `inner_steps` time steps. With `is_scan=False` the multistep
function takes the `outer_step_unroll` path: two nested Python `for` loops that call the
integration step directly, collect every output in lists and stack them at the end. Under
`jax.jit(jax.value_and_grad(loss_fn))` every one of those steps is traced and compiled as
separate code (the Poiseuille optimisation example uses 300 x 100 steps), so compile time and
program size grow with the number of steps instead of staying constant as with `lax.scan`.

Source: https://github.com/tumaer/JAXFLUIDS/blob/70dbc0a6a39854c6f88bda1b154dc7eb28175269/src/jaxfluids/feed_forward/feed_forward.py#L352
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from data_types import FeedForwardSetup
from feed_forward import configure_multistep


def do_integration_step(primitives, t, viscosity, dt=1e-3, dx=0.1):
    lap = primitives[:-2] - 2 * primitives[1:-1] + primitives[2:]
    return primitives.at[1:-1].add(dt * viscosity * lap / dx**2), t + dt


def run():
    setup = FeedForwardSetup(outer_steps=20, inner_steps=1, is_scan=False)
    multistep = configure_multistep(do_integration_step, lambda p: p[1:-1], setup)
    primitives = jnp.sin(jnp.linspace(0, jnp.pi, 32))

    def loss_fn(viscosity, velX_ref):
        out_buffer, _ = multistep(primitives, 0.0, viscosity)
        return jnp.mean((out_buffer[-1] - velX_ref) ** 2)

    value_and_grad = jax.jit(jax.value_and_grad(loss_fn))
    velX_ref = jnp.zeros(30)
    viscosity = jnp.array(0.5)
    for i in range(1):
        loss, grad = value_and_grad(viscosity, velX_ref)
        viscosity = viscosity - 0.1 * grad
