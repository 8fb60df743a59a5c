"""Companion code of a JAX book (chapter 6.2.2, "implicit parameters are not traced",
listing 6-10) writes a piecewise function with a plain Python branch,
`if x > 0: return x else: return 2 * x`, shows that `jax.grad(function)(10.)` works,
and then wraps it with `jit_function = jax.jit(function)` and calls
`jit_function(10)` - a call the author had to comment out because under jit `x` is an
abstract tracer and the Python `if` cannot take its truth value.

Source: https://github.com/halfroad/JAX/blob/2b208212a13ce7d05e514ff6de5e6cb369fdf5a9/Chapters/06/6.2/JaxPerformanceBolster/6.2.2/ImplicitParametersNotTraced/6-10/ImplicitParametersFunction.py#L6
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax


def function(x):

    if x > 0:  # expect: JAX201
        return x
    else:
        return 2 * x


def main():

    grad_function = jax.grad(function)

    print(grad_function(10.))

    jit_function = jax.jit(function)

    return jit_function(10)


def run():
    main()
    return 0
