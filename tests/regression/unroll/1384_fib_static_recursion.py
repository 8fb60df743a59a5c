"""A user writes a recursive Fibonacci as a jitted function whose argument `t` is static, expecting
one cached compilation per `t`. Each call recurses at trace time into fib(t - 1) and fib(t - 2), so
the traced program is the whole unrolled recursion tree and compile time grows exponentially in t.

Source: https://github.com/jax-ml/jax/issues/22385
Observed on jax 0.10.x: runs
"""
import functools

import jax


@functools.partial(jax.jit, static_argnums=(0,))
def fib(t):
    out = 1 if t <= 2 else fib(t - 1) + fib(t - 2)  # expect: JAX407
    return out


def run():
    fib(8)
    return None


if __name__ == "__main__":
    run()
