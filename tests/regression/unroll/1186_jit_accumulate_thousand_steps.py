"""A jitted accumulation written as a 1000-iteration Python loop.

Source: https://theneuralbase.com/jax/learn/beginner/what-jit-compiles-xla-computation/
What happened: the lesson "What JIT compiles: XLA computation" times
`def slow_function(x): result = 0.0; for i in range(1000): result = result +
jnp.sin(x) * 0.001; return result` against `jit_function = jax.jit(slow_function)`, to
show that tracing "records every JAX operation you perform ... into a graph": the Python
loop is flattened into 1000 sin/mul/add triples in the compiled program instead of one
loop primitive, which is the "common performance pitfall" the page warns about ("Python
loops ... defeat JIT compilation").  Here the same accumulation is a damping correction
helper called from a jitted update.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def damping_correction(x, n_terms=1000):
    result = 0.0
    for i in range(n_terms):  # expect: JAX407
        result = result + jnp.sin(x) * 0.001
    return result


@jax.jit
def update(x):
    return x - damping_correction(x)


def run():
    x = jnp.array(3.14)
    for _ in range(3):
        x = update(x)
    return float(x)


if __name__ == "__main__":
    print(run())
