"""Clean look-alike from https://github.com/jax-ml/jax/pull/2525 (the `jax.random` usage
docstring): the key is split on every step and the parent rebound."""
import jax


def train(seed, params, num_steps, update):
    rng = jax.random.PRNGKey(seed)
    for i in range(num_steps):
        rng, rng_input = jax.random.split(rng)
        params = update(params, rng_input)
    return params
