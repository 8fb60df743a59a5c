"""SGD helper that scans over epochs and draws minibatches from a Python
generator inside the scan body.

Source: https://github.com/probml/dynamax/issues/130
``run_sgd`` used ``_sample_minibatches``, a generator that mutates internal
state; inside ``lax.scan`` it "silently fails and returns the first value of
the iterator each time".

Observed on jax 0.10.2: 1 of 1 calls
"""
import jax
import jax.numpy as jnp
from jax import lax


def _sample_minibatches(dataset, batch_size):
    n = dataset.shape[0]
    for start in range(0, n, batch_size):
        yield dataset[start:start + batch_size]


def run_sgd(loss_fn, params, dataset, batch_size=2, num_epochs=4, lr=0.1):
    sample_generator = _sample_minibatches(dataset, batch_size)

    def train_step(params, _):
        minibatch = next(sample_generator)  # expect: JAX107
        val, grads = jax.value_and_grad(loss_fn)(params, minibatch)
        return params - lr * grads, minibatch[0, 0]

    params, firsts = lax.scan(train_step, params, None, length=num_epochs)
    return params, firsts


def run():
    dataset = jnp.arange(8.0)[:, None] * jnp.ones((1, 3))
    _, firsts = run_sgd(lambda p, b: jnp.mean((b - p) ** 2), jnp.zeros(3), dataset)
    # every scan step saw the same first minibatch
    return int(bool(jnp.all(firsts == firsts[0])))
