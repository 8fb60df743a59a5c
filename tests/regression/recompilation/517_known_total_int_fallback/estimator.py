import jax
import jax.numpy as jnp

from totals import minimum_variance_unbiased_total


@jax.jit
def _multi_step(potentials, observed, known_total):
    def loss_fn(p):
        return jnp.sum((jax.nn.softmax(p) * known_total - observed) ** 2)
    loss, g = jax.value_and_grad(loss_fn)(potentials)
    return potentials - 0.01 * g, loss


def estimate(measurements, n_cells, iters=3):
    known_total = minimum_variance_unbiased_total(measurements)
    observed = jnp.asarray(measurements[0]["y"], dtype=jnp.float32)
    potentials = jnp.zeros(n_cells)
    loss = None
    for _ in range(iters):
        potentials, loss = _multi_step(potentials, observed, known_total)  # expect: JAX406
    return loss
