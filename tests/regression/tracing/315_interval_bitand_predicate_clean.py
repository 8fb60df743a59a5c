"""Clean look-alike: the lax.cond predicate combines comparisons with `&`.

Source: https://github.com/jax-ml/jax/issues/24683
The working form from the report: element-wise `&` instead of Python `and`.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def bucket_hazard(t, lo, hi, rate_in, rate_out):
    return jax.lax.cond(
        (t > lo) & (t <= hi),
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
