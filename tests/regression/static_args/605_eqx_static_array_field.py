"""Equinox module whose array attribute is declared `eqx.field(static=True)`.

Source: https://github.com/patrick-kidger/equinox/issues/746
`Data.data: jax.Array = eqx.field(static=True)` holds a random array; the module
is passed to an `eqx.filter_jit`-ed loss. The first call works, the second call
with another `Data` fails with a ValueError while jit compares the static parts
of the two arguments (arrays are neither hashable nor comparable to a bool).

Observed on jax 0.10.2: raises ValueError
"""
import equinox as eqx
import jax
import jax.numpy as np
import jax.random as jr


class Data(eqx.Module):
    data: jax.Array = eqx.field(static=True)  # expect: JAX301

    def __init__(self, seed):
        self.data = jr.uniform(jr.PRNGKey(seed), (10, 10))


class Model(eqx.Module):
    foo: jax.Array

    def __init__(self, foo):
        self.foo = np.array(foo)


@eqx.filter_jit
@eqx.filter_value_and_grad
def loss_fn(model, data):
    return np.sum(model.foo - data.data)


def evaluate(model, datasets):
    return [loss_fn(model, d) for d in datasets]  # expect: JAX301,JAX302,JAX303


def run():
    return evaluate(Model(1.0), [Data(0), Data(1)])
