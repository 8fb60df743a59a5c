"""Number of key splits computed with jnp from a static shape.

Source: https://github.com/jax-ml/jax/issues/4409
What happened: after jax 0.2.0, `depth = jnp.log2(num_clusters) + 1` computed
from `sampler_state.mu.shape[0]` became a tracer under jit (no more constant
folding), so `random.split(key, num_splittings)` got a traced count.
Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp


def cluster_keys(key, mu):
    num_clusters = mu.shape[0]
    depth = (jnp.log2(num_clusters) + 1).astype(jnp.int32)
    num_splittings = 2 ** (depth - 1) - 1
    return jax.random.split(key, num_splittings)  # expect: JAX204


@jax.jit
def init_sampler(key, mu):
    keys = cluster_keys(key, mu)
    return jax.vmap(lambda k: jax.random.normal(k, mu.shape[1:]))(keys)


def run():
    return init_sampler(jax.random.PRNGKey(0), jnp.zeros((8, 2)))
