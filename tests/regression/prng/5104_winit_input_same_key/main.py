"""Student/teacher setup for learning Oja's rule: after `key, key2 =
jax.random.split(key)` the user keeps drawing from `key` -- once for the student's
initial weights and again for the whole input data set -- and throws `key2` away.
The first rows of the input data are the student's initial weights rescaled (same
key, same stream), so the inputs are correlated with the initialisation.

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/c80298f45be9483269262769278a86ee20e51bcb/main.py#L57-L79
Observed on jax 0.10.x: 1 of 1 calls
"""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import jit

import network


def generate_gaussian(key, shape, scale=0.1):
    assert type(shape) is tuple, "shape passed must be a tuple"
    return scale * jax.random.normal(key, shape)


@jit
def compute_plasticity_coefficients_loss(input_sequence, oja_coefficients, winit_teacher,
                                         student_coefficients, winit_student):
    teacher = network.generate_trajectory(input_sequence, winit_teacher, oja_coefficients)
    student = network.generate_trajectory(input_sequence, winit_student, student_coefficients)
    return jnp.mean(optax.l2_loss(student, teacher))


def setup(num_trajec=3, len_trajec=4, input_dim=4, output_dim=4):
    key = jax.random.PRNGKey(0)
    winit_teacher = generate_gaussian(key, (input_dim, output_dim), scale=1 / (input_dim + output_dim))
    key, key2 = jax.random.split(key)  # expect: JAX501
    winit_student = generate_gaussian(key, (input_dim, output_dim), scale=1 / (input_dim + output_dim))
    input_data = generate_gaussian(key, (num_trajec, len_trajec, input_dim), scale=0.1)  # expect: JAX501
    key, key2 = jax.random.split(key)  # expect: JAX501
    oja_coefficients = np.zeros((3, 3, 3))
    oja_coefficients[1][1][0] = 1
    oja_coefficients[0][2][1] = -1
    student_coefficients = generate_gaussian(key, (3, 3, 3), scale=1e-5)
    return input_data, jnp.asarray(oja_coefficients), winit_teacher, student_coefficients, winit_student


def run():
    input_data, oja, w_t, coeffs, w_s = setup()
    loss, grads = jax.value_and_grad(compute_plasticity_coefficients_loss, argnums=3)(
        input_data[0], oja, w_t, coeffs, w_s)
    n = w_s.size
    scale = 1 / (w_s.shape[0] + w_s.shape[1])
    return int(bool(jnp.allclose(input_data.ravel()[:n] / 0.1 * scale, w_s.ravel())))
