"""A user building a piecewise update with `jax.lax.cond` found that `lax.cond(x < 0, true_fn,
false_fn, x)` jits fine but the two-variable version `lax.cond(x < 0 and y < 0, true_fn,
false_fn, x)` fails under @jit while working without it. Python's `and` calls bool() on the traced
comparison `x < 0` before lax.cond ever sees a predicate (the fix is `(x < 0) & (y < 0)` or
jnp.logical_and).

Source: https://github.com/jax-ml/jax/issues/3761
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
from jax import jit


@jit
def true_fn(x):
    return x - 5000.0


@jit
def false_fn(x):
    return x + 100.0


@jit
def cond_test_1(x, y):
    return jax.lax.cond(x < 0, true_fn, false_fn, x)


@jit
def cond_test_2(x, y):
    return jax.lax.cond(x < 0 and y < 0, true_fn, false_fn, x)  # expect: JAX201


def cond_test_2_no_jit(x, y):
    return jax.lax.cond(x < 0 and y < 0, true_fn, false_fn, x)


def run():
    a = cond_test_1(0.3, 0.1)
    b = cond_test_2_no_jit(0.3, 0.1)
    c = cond_test_2(0.3, 0.1)
    return float(a + b + c)
