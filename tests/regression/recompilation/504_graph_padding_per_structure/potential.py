import jax
import jax.numpy as jnp


@jax.jit
def energy_fn(graph):
    d = jnp.linalg.norm(graph.positions[graph.senders] - graph.positions[graph.receivers], axis=-1)
    pair = jnp.where(graph.edge_mask, (1.0 / (d + 1.0)) ** 6, 0.0)
    return 0.5 * pair.sum()
