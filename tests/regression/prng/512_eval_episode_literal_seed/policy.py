import jax
import jax.numpy as jnp


@jax.jit
def sample_actions(rng, obs, temperature):
    """Noisy action sampling used by the evaluation script (flow-matching style noise)."""
    noise = jax.random.normal(rng, (obs.shape[0], 4))
    return jnp.tanh(obs[:, :4] + temperature * noise)
