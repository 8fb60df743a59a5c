"""Teacher/student network initialisation for plasticity meta-learning: inside the
loop over layer shapes every layer's weights are drawn from the one unchanged `key`
(teacher and student sharing it was the intent, per the author's comment). All
hidden layers of equal width therefore start with identical weight matrices,
because the key is only split after the loop.

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/5737f8d0c617f044374515d46e6386fc4e5b4d68/cosyne/base.py#L184-L195
Observed on jax 0.10.x: 1 of 3 calls
"""
import jax
import jax.numpy as jnp


def generate_gaussian(key, shape, scale=0.1):
    assert type(shape) is tuple, "shape passed must be a tuple"
    return scale * jax.random.normal(key, shape)


def init_networks(jobid=0, input_dim=3, hidden_layers=3, hidden_neurons=4, output_dim=2):
    key = jax.random.PRNGKey(jobid)
    layer_sizes = [input_dim] + [hidden_neurons] * hidden_layers + [output_dim]
    teacher_weights, student_weights = [], []
    for m, n in zip(layer_sizes[:-1], layer_sizes[1:]):
        teacher_weights.append(generate_gaussian(key, (n, m), scale=1 / (m + n)))  # expect: JAX503,JAX501
        student_weights.append(generate_gaussian(key, (n, m), scale=1 / (m + n)))
    key, key2 = jax.random.split(key)  # expect: JAX501
    A_student = generate_gaussian(key2, (27,), scale=1e-3)
    return teacher_weights, student_weights, A_student


def run():
    teacher, _, _ = init_networks()
    # layers 1..2 and 2..3 are both (4, 4): count consecutive identical layers
    return sum(
        bool(a.shape == b.shape and jnp.array_equal(a, b))
        for a, b in zip(teacher[:-1], teacher[1:])
    )
