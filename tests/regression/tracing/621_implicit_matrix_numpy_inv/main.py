"""The timestep reaches a NumPy matrix inverse inside a jitted, differentiated model step.

Source: https://github.com/climate-analytics-lab/jax-gcm/pull/272
While switching jax-gcm to jax-datetime, the author notes they cannot
differentiate with respect to the timestep because
`primitive_equations._get_implicit_term_matrix` "complains that the
timestep can't be a tracer because it calls out to numpy rather than jnp to
invert the timestep matrix". Rebuilt with a small primitive_equations
module and a jitted gradient of a loss with respect to `timestep`.

Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp

from .primitive_equations import implicit_step


def loss(timestep, state, laplacian):
    return jnp.sum(implicit_step(state, laplacian, timestep) ** 2)


@jax.jit
def dloss_dt(timestep, state, laplacian):
    return jax.grad(loss)(timestep, state, laplacian)


def run():
    lap = -2.0 * jnp.eye(4) + jnp.eye(4, k=1) + jnp.eye(4, k=-1)
    return dloss_dt(0.1, jnp.ones(4), lap)
