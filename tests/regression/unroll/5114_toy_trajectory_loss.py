"""Toy Oja's-rule meta-learning: `trajectory_loss` is `@jax.jit`-decorated and
replays the whole input sequence with a Python `for i in range(len(x))`, updating
the student weights and accumulating an L2 loss at every step; it is then
differentiated with `jax.value_and_grad`. The loop length comes from the traced
input's shape, so every time step is inlined into the compiled graph.

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/c80298f45be9483269262769278a86ee20e51bcb/toy/simple_activity_trace.py#L21-L29
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
import optax


def forward_pass(x, weights):
    return jnp.dot(x, weights)


def update_weights(x, weights, A):
    y = forward_pass(x, weights)
    dw = A[0] * x[:, None] * y + A[1] * jnp.multiply(y ** 2, weights)
    return weights + dw


@jax.jit
def trajectory_loss(x, weights, A, activity_trajectory):
    loss = 0

    for i in range(len(x)):  # expect: JAX407
        weights = update_weights(x[i], weights, A)
        y = forward_pass(x[i], weights)
        loss += jnp.mean(optax.l2_loss(y, activity_trajectory[i]))
    return loss


def run():
    key = jax.random.PRNGKey(0)
    k1, k2 = jax.random.split(key)
    m, n, length = 5, 1, 10
    weights = 0.2 * jax.random.normal(k1, (m, n))
    x = 0.1 * jax.random.normal(k2, (length, m))
    activity = jnp.zeros((length, n))
    loss_t, grads = jax.value_and_grad(trajectory_loss, argnums=2)(x, weights, jnp.zeros((2,)), activity)
    return None
