import jax


def init_chains(key, num_chains, dim):
    chain_keys = jax.random.split(key, num_chains)
    positions = jax.vmap(lambda k: jax.random.normal(k, (dim,)))(chain_keys)
    step_jitter = jax.random.uniform(key, (num_chains,))  # expect: JAX504
    return positions, step_jitter
