import jax
import jax.numpy as jnp
from jax import vmap

non_linear = True


def generate_trajectory(input_sequence, initial_weights, volterra_coefficients):
    def step(weights, inputs):
        return volterra_update_weights(inputs, weights, volterra_coefficients)

    _, activity_trajec = jax.lax.scan(step, initial_weights, input_sequence)
    return activity_trajec


def forward(inputs, weights):
    activation = inputs @ weights
    if non_linear:
        activation = jax.nn.sigmoid(activation)
    return activation


def volterra_update_weights(inputs, weights, volterra_coefficients):
    activation = forward(inputs, weights)
    m, n = weights.shape
    in_grid, out_grid = jnp.meshgrid(inputs, activation, indexing="ij")
    dw = vmap(volterra_synaptic_dw, in_axes=(0, 0, 0, None))(
        in_grid.reshape(m * n), out_grid.reshape(m * n), weights.reshape(m * n),
        volterra_coefficients)
    return weights + dw.reshape(m, n), activation


def volterra_synaptic_dw(pre, post, weight, volterra_coefficients):
    t = jnp.einsum("i,j,k->ijk", jnp.array([1.0, pre, pre ** 2]),
                   jnp.array([1.0, post, post ** 2]),
                   jnp.array([1.0, weight, weight ** 2]))
    return jnp.sum(volterra_coefficients * t)
