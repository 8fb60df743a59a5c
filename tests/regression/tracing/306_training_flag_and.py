"""Dropout gate combines a Python flag with a traced flag using `and`.

Source: https://github.com/jax-ml/jax/issues/1461
"confusing behaviour for `and` vs `&`": chaining boolean flags with Python `and` inside a
jitted function raises, while `&` works, because `and` asks for the truth value of a
traced boolean.  Here a layer combines its Python `training` attribute with a per-call
`use_dropout` flag that is passed through jit as an ordinary argument.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


class DropoutDense:
    def __init__(self, rate, training=True):
        self.rate = rate
        self.training = training

    def __call__(self, params, x, key, use_dropout):
        h = x @ params
        if self.training and use_dropout:  # expect: JAX201
            keep = jax.random.bernoulli(key, 1.0 - self.rate, h.shape)
            h = jnp.where(keep, h / (1.0 - self.rate), 0.0)
        return h


layer = DropoutDense(0.1)


@jax.jit
def forward(params, x, key, use_dropout):
    return layer(params, x, key, use_dropout)


def run():
    return forward(jnp.ones((3, 2)), jnp.ones((4, 3)), jax.random.key(0), True)
