import jax
import jax.numpy as jnp


@jax.jit
def log_likelihood(pop, masses):
    widths = pop.bin_edges[1:] - pop.bin_edges[:-1]
    rate = jnp.exp(pop.log_rates) * widths
    return jnp.sum(jnp.log(rate.sum())) * masses.shape[0]
