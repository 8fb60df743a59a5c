"""Teacher activity traces for plasticity meta-learning: `generate_activity_trajec`
is decorated with `@jax.jit` and walks the trajectory with a Python
`for i in range(len(x))`, applying the plasticity update and a forward pass at every
time step. Tracing unrolls the whole trajectory (length taken from the traced
input's shape) into one graph; compile time grows with `len_trajec`.

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/c80298f45be9483269262769278a86ee20e51bcb/toy/diff_x_inputs.py#L33-L42
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp

from model import forward, update_weights


@jax.jit
def generate_activity_trajec(x, weights, A):
    activity_trajectory = []

    for i in range(len(x)):  # expect: JAX407
        weights = update_weights(weights, x[i], A)
        act = forward(weights, x[i])
        activity_trajectory.append(act)

    return activity_trajectory


def run():
    key = jax.random.PRNGKey(0)
    k1, k2, k3 = jax.random.split(key, 3)
    weights = [0.3 * jax.random.normal(k1, (4, 3)), 0.3 * jax.random.normal(k2, (2, 4))]
    x = 0.1 * jax.random.normal(k3, (12, 3))
    A = jnp.array([1.0, -1.0])
    trajec = generate_activity_trajec(x, weights, A)
    return None if len(trajec) == 12 else "wrong length"
