"""Initialising a single plastic layer: the user creates one key and draws both the
input rates and the edge weights from it, `uniform(key, (3, 1), 0, 1)` and
`uniform(key, (3, 1), 0, 0.1)`. The weights are then exactly one tenth of the
rates, so the "random" initial weights are perfectly correlated with the inputs.

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/c80298f45be9483269262769278a86ee20e51bcb/exps/parameters_trajectory.py#L21-L24
Observed on jax 0.10.x: 1 of 1 calls
"""
import jax
import jax.numpy as jnp


@jax.jit
def update_parameters(rate, weight, lr):
    post = jax.nn.sigmoid(jnp.sum(rate * weight))
    return weight + lr * (rate * post - post ** 2 * weight)


def main(epochs=5):
    key = jax.random.PRNGKey(seed=0)
    rate = jax.random.uniform(key, (3, 1), minval=0, maxval=1)
    weight = jax.random.uniform(key, (3, 1), minval=0, maxval=0.1)  # expect: JAX501
    init_weight = weight
    lr = jnp.array(0.01)
    for e in range(epochs):
        weight = update_parameters(rate, weight, lr)
    return rate, init_weight, weight


def run():
    rate, w0, _ = main()
    return int(bool(jnp.allclose(w0, rate * 0.1)))
