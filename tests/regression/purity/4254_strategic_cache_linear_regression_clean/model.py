from typing import NamedTuple

import jax
import jax.numpy as jnp


# Note the generation of parameters
class Parameters(NamedTuple):

    weight: jnp.array
    bias: jnp.array


def init(key):

    weight = jax.random.normal(key, (1,))
    bias = jax.random.normal(key + 1, (1,))

    return Parameters(weight, bias)


# Model
@jax.jit
def model(parameters: Parameters, inputs):

    predictions = parameters.weight * inputs + parameters.bias

    return predictions


@jax.jit
def loss_function(parameters: Parameters, inputs, genuines):

    predictions = model(parameters, inputs)
    losses = (predictions - genuines) ** 2

    return jnp.mean(losses)


@jax.jit
def optimizer(parameters: Parameters, inputs, geniunes, learning_rate = 1e-3):

    grad_loss_function = jax.grad(loss_function)
    derivatives = grad_loss_function(parameters, inputs, geniunes)

    parameters = jax.tree_util.tree_map(lambda parameter, derivative: parameter - learning_rate * derivative, parameters, derivatives)

    return parameters
