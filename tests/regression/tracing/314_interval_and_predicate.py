"""Piecewise hazard rate: lax.cond predicate written with Python `and` on traced values.

Source: https://github.com/jax-ml/jax/issues/24683
The reporter's `jax.lax.cond((x > a) and (x <= b), ...)` (and `a < x <= b`) raises
TracerBoolConversionError, while `(x > a) & (x <= b)` works.  Here a survival model's
piecewise-constant hazard checks whether time falls in a bucket with `and`.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


def bucket_hazard(t, lo, hi, rate_in, rate_out):
    return jax.lax.cond(
        (t > lo) and (t <= hi),  # expect: JAX201
        lambda _: rate_in,
        lambda _: rate_out,
        None,
    )


@jax.jit
def log_survival(t, rates):
    h = bucket_hazard(t, 1.0, 3.0, rates[0], rates[1])
    return -h * t


def run():
    return log_survival(jnp.array(2.0), jnp.array([0.1, 0.5]))
