"""Toy plasticity network: `update_weights` (jitted) applies Oja's rule layer by
layer with a Python `for layer in range(len(weights))` over the list of weight
matrices. The trip count is the number of layers of a fixed two-layer network (a
static pytree length), not time steps or data, so the small unrolled loop is the
natural way to write it.

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/c80298f45be9483269262769278a86ee20e51bcb/toy/train.py#L78-L92
Observed on jax 0.10.x: update_weights compiled 1 times
"""
import jax
import jax.numpy as jnp


def forward(weights, x):
    act = [jnp.expand_dims(x, 1)]
    for layer in range(len(weights)):
        act.append(jax.nn.sigmoid(jnp.dot(weights[layer], act[-1])))
    return act


@jax.jit
def update_weights(weights, x, A):
    act = forward(weights, x)
    weights = list(weights)
    for layer in range(len(weights)):
        dw = (
            A[0] * jnp.outer(act[layer + 1], act[layer])
            + A[1] * weights[layer] * act[layer + 1] ** 2
        )
        weights[layer] += dw
    return weights


def run():
    key = jax.random.PRNGKey(0)
    k1, k2, k3 = jax.random.split(key, 3)
    weights = [0.2 * jax.random.normal(k1, (4, 3)), 0.2 * jax.random.normal(k2, (2, 4))]
    xs = 0.1 * jax.random.normal(k3, (5, 3))
    A = jnp.array([1.0, -1.0])
    for t in range(5):
        weights = update_weights(weights, xs[t], A)
    return None
