"""The same JAX book's follow-up listing (chapter 6.2.2) replaces the Python `if x > 0`
with `jax.lax.cond(x > 0, lambda x: x, lambda x: x + 1, x)`, jits the function and
calls `jit_function(10.0)`, then prints its jaxpr. The branch predicate is a traced
boolean handed to lax.cond, so tracing works and the compiled function is correct.

Source: https://github.com/halfroad/JAX/blob/2b208212a13ce7d05e514ff6de5e6cb369fdf5a9/Chapters/06/6.2/JaxPerformanceBolster/6.2.2/ImplicitParametersNotTraced/ImplicitParametersLaxCond.py#L4
Observed on jax 0.10.x: runs
"""
import jax.lax


def function(x):

    result = jax.lax.cond(x > 0, lambda x: x, lambda x: x + 1, x)

    return result


def main():

    jit_function = jax.jit(function)
    result = jit_function(10.0)

    jaxpr_function = jax.make_jaxpr(function)
    jaxpr_function(10.)

    return result


def run():
    assert float(main()) == 10.0
    assert float(jax.jit(function)(-1.0)) == 0.0
    return 0
