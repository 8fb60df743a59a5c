"""A piecewise function branches on `float(x)` and is jitted together with its gradient.

Source: https://github.com/jax-ml/jax/issues/2783
"float(x) does not work if x is a concrete tracer, but int(x) works": the
reporter's `func(x): return x if float(x) >= 0. else -x` fails under `grad`,
and the maintainers keep it that way (float would act as a silent
stop_gradient). Under `jit` the argument is abstract, so `float()` fails
regardless.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax


def func(x):
    return x if float(x) >= 0.0 else -x  # expect: JAX202,JAX201


value_and_slope = jax.jit(jax.value_and_grad(func))


def run():
    return value_and_slope(3.0)
