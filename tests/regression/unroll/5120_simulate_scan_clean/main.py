"""Rewritten meta-learning loss: the teacher and student trajectories are produced by
`network.generate_trajectory`, which walks the input sequence with `jax.lax.scan`
(per-synapse updates vmapped) inside a `@jit`-compiled loss, then
`jax.value_and_grad` over the plasticity coefficients. The time loop is a scan, so
the compiled program does not grow with the trajectory length (two compiles in
all: the forward and the transposed backward pass, reused for every later step).

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/c80298f45be9483269262769278a86ee20e51bcb/network.py#L8-L23
Observed on jax 0.10.x: compute_plasticity_coefficients_loss compiled 2 times
"""
import jax
import jax.numpy as jnp
import optax
from jax import jit

import network


@jit
def compute_plasticity_coefficients_loss(input_sequence, oja_coefficients, winit_teacher,
                                         student_coefficients, winit_student):
    teacher_trajectory = network.generate_trajectory(input_sequence, winit_teacher, oja_coefficients)
    student_trajectory = network.generate_trajectory(input_sequence, winit_student, student_coefficients)
    return jnp.mean(optax.l2_loss(student_trajectory, teacher_trajectory))


def run():
    key = jax.random.PRNGKey(0)
    k1, k2, k3, k4 = jax.random.split(key, 4)
    winit_teacher = 0.1 * jax.random.normal(k1, (4, 4))
    winit_student = 0.1 * jax.random.normal(k2, (4, 4))
    input_data = 0.1 * jax.random.normal(k3, (3, 40, 4))
    oja = jnp.zeros((3, 3, 3)).at[1, 1, 0].set(1.0).at[0, 2, 1].set(-1.0)
    student = 1e-5 * jax.random.normal(k4, (3, 3, 3))
    for j in range(3):
        loss, grads = jax.value_and_grad(compute_plasticity_coefficients_loss, argnums=3)(
            input_data[j], oja, winit_teacher, student, winit_student)
        student = student - 1e-3 * grads
    return None
