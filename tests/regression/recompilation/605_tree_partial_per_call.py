"""A new `jax.tree_util.Partial` jitted for each parameter value.

Source: https://github.com/jax-ml/jax/issues/14183
The user expected a `Partial` (or lambda) around a function to reuse an existing
compilation, but every newly created `Partial` compiled again. In this solver
loop each continuation step wraps the residual with the current parameter in a
fresh `Partial` and jits it.

Observed on jax 0.10.2: residual compiled 3 times
"""
import jax
import jax.numpy as jnp
from jax.tree_util import Partial


def residual(x, parameter):
    return jnp.sum((x**3 - parameter) ** 2)


def continuation(x0, parameters):
    sols = []
    x = x0
    for p in parameters:
        f = jax.jit(Partial(residual, parameter=p))
        for _ in range(2):
            x = x - 0.01 * jax.grad(lambda z: residual(z, p))(x)
        sols.append(f(x))  # expect: JAX401,JAX402,JAX403
    return sols


def run():
    return continuation(jnp.ones(3), [1.0, 2.0, 3.0])[-1]
