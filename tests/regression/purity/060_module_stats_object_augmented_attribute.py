"""`stats.tokens_seen += n` on a module-level stats object from a jitted step.

Source: https://github.com/jax-ml/jax/pull/20732
The stateful-computations tutorial: object state changed by a jitted function changes during
tracing only; a throughput counter on a shared stats object stops at the first call.

Observed on jax 0.10.x: counted in 1 of 3 calls
"""

import jax
import jax.numpy as jnp


class Stats:
    tokens_seen = 0


stats = Stats()


@jax.jit
def embed(table, token_ids):
    stats.tokens_seen += token_ids.shape[0]  # expect: JAX105
    return table[token_ids]


def run():
    counted = 0
    for _ in range(3):
        before = stats.tokens_seen
        embed(jnp.ones((5, 2)), jnp.array([1, 2]))
        counted += stats.tokens_seen > before
    return counted
