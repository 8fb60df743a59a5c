"""`call_counts[name] += 1` on a module-level dict from a jitted function.

Source: https://github.com/jax-ml/jax/issues/3163
The report counted traces with a global counter inside the jitted function; a call-count dict
updated there likewise counts traces, not calls.

Observed on jax 0.10.x: counted in 1 of 3 calls
"""

import jax
import jax.numpy as jnp

call_counts = {"score": 0}


@jax.jit
def score(w, x):
    call_counts["score"] += 1  # expect: JAX104
    return jnp.dot(w, x)


def run():
    counted = 0
    for _ in range(3):
        before = call_counts["score"]
        score(jnp.ones(3), jnp.ones(3))
        counted += call_counts["score"] > before
    return counted
