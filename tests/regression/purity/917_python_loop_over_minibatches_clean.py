"""Clean look-alike: the minibatch generator is consumed by a Python loop and
only the step is jitted (the fix proposed for dynamax's ``run_sgd``).

Source: https://github.com/probml/dynamax/issues/130
"a reasonable solution is to only jit the body of the innermost for loop, and
have the for loops themselves implemented in python".

Observed on jax 0.10.2: train_step compiled 1 times
"""
import jax
import jax.numpy as jnp


def _sample_minibatches(dataset, batch_size):
    n = dataset.shape[0]
    for start in range(0, n, batch_size):
        yield dataset[start:start + batch_size]


def loss_fn(params, minibatch):
    return jnp.mean((minibatch - params) ** 2)


@jax.jit
def train_step(params, minibatch):
    val, grads = jax.value_and_grad(loss_fn)(params, minibatch)
    return params - 0.1 * grads, val


def run_sgd(params, dataset, batch_size=2, num_epochs=2):
    for _ in range(num_epochs):
        for minibatch in _sample_minibatches(dataset, batch_size):
            params, _ = train_step(params, minibatch)
    return params


def run():
    dataset = jnp.arange(8.0)[:, None] * jnp.ones((1, 3))
    return run_sgd(jnp.zeros(3), dataset)
