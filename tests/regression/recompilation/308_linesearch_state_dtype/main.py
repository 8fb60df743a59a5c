"""Line-search state created from Python scalars, returned as typed arrays.

Source: https://github.com/google-deepmind/optax/pull/1108
With the zoom line search inside a jitted training step, the step compiled
twice: some entries of the line-search state change dtype/weak type after the
first iteration (initial Python scalars vs. arrays returned by the step).
The PR initialises the state with explicit dtypes.

Observed on jax 0.10.2: training_step compiled 2 times
"""
import jax
import jax.numpy as jnp

from linesearch import backtrack, init_state


def loss(params):
    return jnp.sum((params - 3.0) ** 2)


@jax.jit
def training_step(params, ls_state):
    value, grad = jax.value_and_grad(loss)(params)
    ls_state = ls_state._replace(value=value)
    ls_state = backtrack(loss, params, grad, ls_state)
    return params - ls_state.stepsize * grad, ls_state


def run():
    params = jnp.zeros((4,))
    state = init_state(loss(params))
    for _ in range(4):
        params, state = training_step(params, state)  # expect: JAX406
    return params
