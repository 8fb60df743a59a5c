import jax
import jax.numpy as jnp

from networks import value_head


def value_loss(params, latent, target, key):
    pred = value_head(params, latent, key)
    return jnp.mean((pred - target) ** 2)


@jax.jit
def train_step(params, latent, target, rng):
    dropout_key = jax.random.PRNGKey(0)  # expect: JAX502
    loss, grads = jax.value_and_grad(value_loss)(params, latent, target, dropout_key)
    return grads, loss
