import jax
import jax.numpy as jnp
import numpy as np

from policy import sample_actions


def profile_episodes(observations, seed=0, temperature=1.0):
    actions = []
    for obs in observations:
        rng = jax.random.PRNGKey(seed)  # expect: JAX503
        actions.append(np.asarray(sample_actions(rng, obs, temperature)))
    return actions
