import jax
import jax.numpy as jnp


def _train_step(params, batch, config):
    grads = jax.grad(lambda p: jnp.mean((batch @ p) ** 2))(params)
    grads = jnp.clip(grads, -config.clip, config.clip)
    return params - config.lr * grads


def build_train_step():
    return jax.jit(
        _train_step,
        static_argnames=("config",),
        donate_argnames=("params", "config"),  # expect: JAX305
    )
