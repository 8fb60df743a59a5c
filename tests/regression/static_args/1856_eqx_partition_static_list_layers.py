"""Running the "All of Equinox" filtering example (Option 1) failed. The docs
model keeps its sub-layers in a plain Python list (`layers: list`), the user
split it with eqx.partition(model, eqx.is_array) and passed the non-array half
`static` to a jax.jit with static_argnums=1. The static half is still an
eqx.Module whose `layers` field is a list, and Equinox modules now hash their
field values, so jax.jit cannot hash the static argument. The maintainers
switched the docs example from a list to a tuple.

Source: https://github.com/patrick-kidger/equinox/issues/1097
Observed on jax 0.10.x: raises ValueError
"""
import functools as ft

import equinox as eqx
import jax
import jax.numpy as jnp


class MyModule(eqx.Module):
    layers: list
    extra_bias: jax.Array

    def __init__(self, key):
        key1, key2, key3 = jax.random.split(key, 3)
        self.layers = [eqx.nn.Linear(2, 8, key=key1),
                       eqx.nn.Linear(8, 8, key=key2),
                       eqx.nn.Linear(8, 2, key=key3)]
        self.extra_bias = jnp.ones(2)

    def __call__(self, x):
        for layer in self.layers[:-1]:
            x = jax.nn.relu(layer(x))
        return self.layers[-1](x) + self.extra_bias


@ft.partial(jax.jit, static_argnums=1)  # `static` must be a PyTree of non-arrays.
@jax.grad  # differentiates with respect to `params`, as it is the first argument
def loss(params, static, x, y):
    model = eqx.combine(params, static)
    pred_y = jax.vmap(model)(x)
    return jax.numpy.mean((y - pred_y) ** 2)


def run():
    x_key, y_key, model_key = jax.random.split(jax.random.PRNGKey(0), 3)
    x = jax.random.normal(x_key, (100, 2))
    y = jax.random.normal(y_key, (100, 2))
    model = MyModule(model_key)
    params, static = eqx.partition(model, eqx.is_array)
    grads = loss(params, static, x, y)  # expect: JAX302
    return float(grads.extra_bias.sum())


if __name__ == "__main__":
    print(run())
