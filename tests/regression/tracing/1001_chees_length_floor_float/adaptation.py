import jax.numpy as jnp


def _apply_length_floor(trajectory_length, lambda_max, engaged, floor, max_steps, step_size: float):
    """Clip the trajectory length from below by a multiple of the step size."""
    min_length = floor * step_size / jnp.sqrt(lambda_max)
    capped = jnp.minimum(jnp.maximum(trajectory_length, min_length), max_steps * step_size)
    return jnp.where(engaged, capped, trajectory_length)


def final_trajectory_length(state, floor=2.0, max_steps=10):
    step_size_ma = jnp.exp(state["log_step_size_ma"])
    return _apply_length_floor(
        state["trajectory_length_ma"],
        state["lambda_max"],
        state["engaged"],
        floor,
        max_steps,
        float(step_size_ma),  # expect: JAX202
    )
