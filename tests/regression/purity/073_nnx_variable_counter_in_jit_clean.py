"""An `nnx.Variable` counter and an `nnx.Optimizer` updated in place inside `nnx.jit`.

Source: https://flax.readthedocs.io/en/latest/nnx_basics.html
NNX transforms propagate state changes made inside the jitted function back to the objects, so
updating a `Variable` or calling `optimizer.update` in the step is the sanctioned pattern.

Observed on jax 0.10.x: counted in 3 of 3 calls
"""

import jax.numpy as jnp
import optax
from flax import nnx


class Counter(nnx.Variable):
    pass


class Model(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(3, 1, rngs=rngs)
        self.calls = Counter(jnp.array(0))

    def __call__(self, x):
        self.calls.value += 1
        return self.linear(x)


@nnx.jit
def train_step(model, optimizer, x, y):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    optimizer.update(model, grads)
    return loss


def run():
    model = Model(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    for _ in range(3):
        train_step(model, optimizer, jnp.ones((4, 3)), jnp.zeros((4, 1)))
    return int(model.calls.value)
