import jax
import jax.numpy as jnp


@jax.jit
def sample_paths(key, transition, num_samples):
    states = jax.random.randint(key, (num_samples,), 0, transition.shape[0])  # expect: JAX306,JAX204
    return transition[states].sum(0) / num_samples
