"""`buffer.insert(0, x)` on a local alias of a module-level list, inside `jit`.

Source: https://github.com/jax-ml/jax/pull/5905
The jitting notebook's `global_list.append(x)`, spelled through a local name bound to the same
list and another mutating method: still one trace-time mutation.

Observed on jax 0.10.x: inserted in 1 of 3 calls
"""

import jax
import jax.numpy as jnp

recent_outputs = []


@jax.jit
def predict(w, x):
    buffer = recent_outputs
    y = jnp.tanh(x @ w)
    buffer.insert(0, y)  # expect: JAX104
    return y


def run():
    inserted = 0
    for _ in range(3):
        before = len(recent_outputs)
        predict(jnp.ones(3), jnp.ones(3))
        inserted += len(recent_outputs) > before
    return inserted
