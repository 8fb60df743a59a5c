"""Appending metrics to a file from a jitted evaluation function.

Source: https://github.com/jax-ml/jax/issues/136
Logging program information from traced code was asked for early on; writing to a file from a
jitted function writes once, at trace time, and later calls leave the file alone.

Observed on jax 0.10.x: wrote in 1 of 3 calls
"""

import os
import tempfile

import jax
import jax.numpy as jnp

METRICS_PATH = os.path.join(tempfile.gettempdir(), f"jaxcheck_regression_metrics_{os.getpid()}.txt")


@jax.jit
def evaluate(params, inputs, labels):
    logits = inputs @ params
    accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
    with open(METRICS_PATH, "a") as handle:  # expect: JAX102
        handle.write(f"{accuracy}\n")
    return accuracy


def run():
    if os.path.exists(METRICS_PATH):
        os.remove(METRICS_PATH)
    wrote = 0
    try:
        for _ in range(3):
            before = os.path.getsize(METRICS_PATH) if os.path.exists(METRICS_PATH) else 0
            evaluate(jnp.ones((3, 2)), jnp.ones((4, 3)), jnp.zeros(4, jnp.int32))
            wrote += os.path.getsize(METRICS_PATH) > before
    finally:
        if os.path.exists(METRICS_PATH):
            os.remove(METRICS_PATH)
    return wrote
