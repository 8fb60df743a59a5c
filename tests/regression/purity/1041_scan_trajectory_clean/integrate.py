import jax
import jax.numpy as jnp


def apply(state, dt):
    pos, vel = state
    vel = vel - dt * pos
    return (pos + dt * vel, vel)


def apply_many_steps(state, _):
    for _ in range(2):
        state = apply(state, 0.01)
    return state, state[0]


@jax.jit
def simulate(state, num_records):
    return jax.lax.scan(apply_many_steps, state, jnp.arange(num_records.shape[0]))
