import jax.numpy as jnp


def make_step_fn(diffusivity, dt):
    def step_fn(profile):
        lap = jnp.roll(profile, 1) - 2 * profile + jnp.roll(profile, -1)
        return profile + dt * diffusivity * lap

    return step_fn
