"""Newton iterations for sqrt written as a `lax.scan` that emits no per-step output (clean look-alike).

Source: https://github.com/jax-ml/jax/issues/4811
The report compares `sqrt_not_careful` (scan that stacks every iterate)
with `sqrt_careful` (scan body returns `new_val, None`); both are single
scan primitives, nothing unrolled.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
from jax.lax import scan


@jax.jit
def sqrt_careful(x):
    def body(val, _):
        new_val = 0.5 * (val + x / val)
        return new_val, None

    res, _ = scan(body, jnp.ones_like(x), jnp.arange(10))
    return res


def run():
    return sqrt_careful(jnp.array([4.0, 9.0]))
