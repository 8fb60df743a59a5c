"""`float(loss)` inside a jitted step, to keep a Python number for the history.

Source: https://github.com/google/lightweight_mmm/issues/206
Plotting response curves failed every time with a Tracer conversion error: a traced value was
converted to a Python number inside a jitted function. `float(loss)` is that conversion.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def fit_step(coef, media, target):
    loss, grad = jax.value_and_grad(lambda c: jnp.mean((media @ c - target) ** 2))(coef)
    loss_value = float(loss)  # expect: JAX202
    return coef - 0.01 * grad, loss_value


def run():
    return fit_step(jnp.zeros(3), jnp.ones((5, 3)), jnp.ones(5))
