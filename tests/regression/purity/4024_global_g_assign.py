"""In a "sharp bits: pure functions" study notebook the user tries a jitted
function that writes its argument to a module global, `global g; g = x`, and
returns `(x, g)`. The assignment happens only while tracing, so `g` ends up
holding a leaked tracer rather than 1 or 2, and the second call (cache hit)
does not touch it at all.

Source: https://github.com/Tershire/JAX_Study/blob/a6538eb43cd7ab7a010f644328fe82c495fd352f/S01/S01P03_sharp_bits_pure_functions.ipynb
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
from jax import jit

g = 9.81


def impure_jax_traces_global_var_2(x):
    global g
    g = x  # expect: JAX103
    return x, g


impure_jax_traces_global_var_2_jit = jit(impure_jax_traces_global_var_2)


def run():
    not_updated = 0
    for arg in (1, 2):
        impure_jax_traces_global_var_2_jit(arg)
        # g should now be `arg`; instead it holds the tracer from the first trace
        not_updated += isinstance(g, jax.core.Tracer) or g != arg
    return not_updated


if __name__ == "__main__":
    print(run())
