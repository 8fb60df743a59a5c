"""Crossover and mutation draw their uniforms from the same key.

Source: https://github.com/kora-labs/chromax/pull/13
The chromax "Mutation" PR added mutation to the breeding `cross` function; the
existing code drew recombination samples with
`jax.random.uniform(random_key, ...)`, and the PR split the key into
`cross_random_key` and `mutate_random_key` so that mutation sites are drawn
independently of crossover sites. Reusing `random_key` for the mutation draw
makes every mutation site coincide with a low recombination sample. Here a
jitted meiosis helper for a breeding simulation does that.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp


@jax.jit
def meiosis(individual, recombination_vec, random_key, mutate_probability):
    samples = jax.random.uniform(random_key, shape=recombination_vec.shape)
    rec_sites = samples < recombination_vec
    crossover_mask = jax.lax.associative_scan(jnp.logical_xor, rec_sites).astype(jnp.int8)
    haploid = jnp.take_along_axis(individual, crossover_mask[:, None], axis=-1)[:, 0]
    mutation_samples = jax.random.uniform(random_key, shape=haploid.shape)  # expect: JAX501
    mutation_sites = mutation_samples < mutate_probability
    return jnp.where(mutation_sites, 1 - haploid, haploid), samples, mutation_samples


def run():
    n_markers = 50
    individual = jnp.stack([jnp.zeros(n_markers, jnp.int8), jnp.ones(n_markers, jnp.int8)], axis=-1)
    recombination_vec = jnp.full((n_markers,), 0.05)
    key = jax.random.PRNGKey(0)
    coupled = 0
    for _ in range(3):
        key, sub = jax.random.split(key)
        _, samples, mutation_samples = meiosis(individual, recombination_vec, sub, 0.01)
        coupled += int(jnp.array_equal(samples, mutation_samples))
    return coupled
