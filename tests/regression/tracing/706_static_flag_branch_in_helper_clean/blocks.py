import jax.numpy as jnp


def maybe_dropout(x, training, rate):
    if training and rate > 0:
        return x * (1.0 - rate)
    return x


def activation(x, name):
    if name == "relu":
        return jnp.maximum(x, 0)
    return jnp.tanh(x)
