"""Rebuilt from https://github.com/jax-ml/jax/issues/16611: a Python loop of 10 time steps over a
heavy renderer compiled in 11 s against 2.6 s for `lax.scan`; 10 iterations is under the
threshold measured on a light body."""
import jax
import jax.numpy as jnp

N_TIMESTEPS = 10


@jax.jit
def rollout(state, actions):
    frames = []
    for t in range(N_TIMESTEPS):  # missed: JAX407 (10 iterations; the body's weight is not measured)
        state = jnp.tanh(state @ state.T) @ state + actions[t]
        frames.append(state)
    return jnp.stack(frames)
