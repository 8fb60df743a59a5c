"""In the JAX book's chapter 6.2.2 the author fixes the piecewise function
`if x > 0: return x else: return 2 * x` by jitting it with
`jax.jit(function, static_argnums = (0,))` and calling `jit_function(10.)` (and
`jax.make_jaxpr(function, static_argnums=(0,))`). The static argument is a plain,
hashable Python float passed once, so the Python `if` sees a concrete value.

Source: https://github.com/halfroad/JAX/blob/2b208212a13ce7d05e514ff6de5e6cb369fdf5a9/Chapters/06/6.2/JaxPerformanceBolster/6.2.2/ImplicitParametersNotTraced/ImplicitParametersJitAdaptive.py#L36
Observed on jax 0.10.x: function compiled 1 times
"""
import jax


def function(x):

    if x > 0:
        return x
    else:
        return 2 * x


def main():

    jit_function = jax.jit(function, static_argnums = (0,))

    result = jit_function(10.)

    jaxpr_function = jax.make_jaxpr(function, static_argnums = (0,))

    jaxpr_function(10.)

    return result


def run():
    assert float(main()) == 10.0
    return 0
