"""The exercise's "impure (broken under jit)" version: a helper module keeps a global list of
observations and `append_and_mean` appends the new value and returns the mean of the history. The
user calls it from a jitted update. The append fires once, at trace time (leaving a tracer in the
list), and the compiled function never sees the history again: every later call returns just the
current value instead of the running mean.

Source: https://crackedaicode.com/problems/jax-pure-function-vs-impure
Observed on jax 0.10.x: update compiled 1 times; 2 of 3 calls
"""
import jax
import jax.numpy as jnp

from stats import append_and_mean


@jax.jit
def update(x):
    return append_and_mean(x)


def run():
    seen = []
    wrong = 0
    for v in (1.0, 3.0, 8.0):
        seen.append(v)
        out = update(jnp.float32(v))
        wrong += int(abs(float(out) - sum(seen) / len(seen)) > 1e-6)
    return wrong
