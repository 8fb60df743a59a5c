"""`.item()` on a traced count inside a jitted function.

Source: https://github.com/ayaka14732/llama-2-jax/issues/14
Generation code converted a traced value to a Python integer inside a traced loop and raised a
Tracer conversion error; `.item()` is the method spelling of the same conversion.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax
import jax.numpy as jnp


@jax.jit
def count_finished(finished):
    n_done = jnp.sum(finished).item()  # expect: JAX202
    return n_done


def run():
    return count_finished(jnp.array([True, False, True]))
