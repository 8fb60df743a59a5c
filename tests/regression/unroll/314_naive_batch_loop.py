"""Manual batching by looping over the batch inside the jitted function.

Source: https://github.com/jax-ml/jax/issues/25703
In the quickstart comparison the naively batched function (a Python loop
over examples) looked as fast as vmap at run time; the maintainer noted the
compilation cost of the naive version grows super-linearly with batch size,
since the loop is unrolled per example.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

BATCH = 64


def predict(W, b, x):
    return jnp.tanh(W @ x + b)


@jax.jit
def naively_batched_predict(W, b, batch):
    outputs = []
    for i in range(batch.shape[0]):  # expect: JAX407
        outputs.append(predict(W, b, batch[i]))
    return jnp.stack(outputs)


def run():
    W = jnp.ones((4, 3)) * 0.1
    b = jnp.zeros(4)
    batch = jnp.linspace(0.0, 1.0, BATCH * 3).reshape(BATCH, 3)
    return naively_batched_predict(W, b, batch)
