"""Output length passed as a traced argument to a jitted generator.

Source: https://theneuralbase.com/jax/learn/beginner/jit-with-static-argnums/
What happened: the tutorial's compute_output(key, length, scale) uses `length`
as the shape of the generated array; without static_argnums the length is a
tracer and the shape cannot be built.
Observed on jax 0.10.2: raises TypeError
"""
import jax

from generators import compute_output


def run():
    gen = jax.jit(compute_output)
    return gen(jax.random.PRNGKey(0), 5, 2.0)
