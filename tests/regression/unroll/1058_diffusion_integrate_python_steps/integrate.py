import jax
import jax.numpy as jnp


def euler_maruyama_step(drift_fn, state, time, step_size, noise):
    drift = drift_fn(state, time)
    new_state = state + step_size * drift + jnp.sqrt(jnp.abs(step_size)) * noise
    return new_state, time + step_size


def integrate_stochastic(drift_fn, state, start_time, stop_time, steps, seed):
    step_size = (stop_time - start_time) / steps
    time = start_time
    noises = jax.random.normal(seed, (steps,) + state.shape)
    for i in range(steps):  # expect: JAX407
        state, time = euler_maruyama_step(drift_fn, state, time, step_size, noises[i])
    return state
