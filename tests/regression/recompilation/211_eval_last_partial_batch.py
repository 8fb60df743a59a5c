"""Evaluation loop whose last batch is smaller than the others.

Source: https://theneuralbase.com/jax/learn/beginner/jit-recompilation-shape-changes/
Tutorial "jit recompilation: shape changes": "if you call the same JIT-compiled
function with different input shapes, JAX cannot reuse the compiled code: it must
recompile from scratch ... variable batch sizes". Here the batching helper yields
a ragged final batch (100 examples, batch size 32), so the jitted eval step is
compiled a second time for the 4-example tail.

Observed on jax 0.10.2: eval_step compiled 2 times
"""
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def eval_step(params, x, y):
    logits = x @ params
    return jnp.sum(jnp.argmax(logits, -1) == y)


def batches(x, y, batch_size):
    for i in range(0, len(x), batch_size):
        yield x[i:i + batch_size], y[i:i + batch_size]


def evaluate(params, x, y, batch_size=32):
    correct = 0
    for xb, yb in batches(x, y, batch_size):
        correct += int(eval_step(params, xb, yb))  # expect: JAX404
    return correct / len(x)


def run():
    rng = np.random.RandomState(0)
    x = rng.randn(100, 5).astype(np.float32)
    y = rng.randint(0, 3, size=100)
    params = jnp.ones((5, 3))
    evaluate(params, x, y)
    return None
