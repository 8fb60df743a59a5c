import jax
import jax.numpy as jnp
from jax import lax


def make_epoch_fn(batches, n_steps, lr=0.1):
    """Builds a jitted epoch that pulls a minibatch from ``batches`` on every scan step."""

    def step(w, _):
        batch = jnp.asarray(next(batches))  # expect: JAX107
        grad = jnp.mean(batch, axis=0) - w
        w = w + lr * grad
        return w, jnp.sum(batch)

    @jax.jit
    def epoch(w):
        return lax.scan(step, w, None, length=n_steps)

    return epoch
