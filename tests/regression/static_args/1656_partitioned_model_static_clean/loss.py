import equinox as eqx
import jax
import jax.numpy as jnp


def mse_loss(params, static, x: jax.Array, y: jax.Array):
    model = eqx.combine(params, static)
    y_pred = jax.vmap(model)(x)
    return jnp.mean(jnp.square(y_pred - y))
