"""Evaluation loop that wraps a fresh partial in jax.jit for every batch.

Source: https://app.semanticdiff.com/gh/ROCm/jax/commit/280f6b4e11ebe659dfeb1de0cac370f0ef3de9f7
What happened: pmap's shard_map path called ``api.jit()`` on every invocation,
creating a new jit wrapper each time (80% of dispatch overhead); the fix
pre-creates the jit wrappers once and reuses them. The same mistake in user
code (a new jit of a new partial per batch) also defeats the compilation cache.
Observed on jax 0.10.2: eval_loss compiled 4 times
"""
import jax.numpy as jnp

from evaluate import evaluate


def run():
    params = jnp.ones(3)
    batches = [(jnp.ones((4, 3)) * i, jnp.ones(4)) for i in range(4)]
    return evaluate(params, batches, {"temperature": 0.5})
