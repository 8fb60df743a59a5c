"""An online JAX course page on static vs traced values walks through
`conditional_double(x, threshold)`, whose Python `if x > threshold:` decides
the branch. Marking `threshold` static is not enough: `x` is still a traced
argument of the jitted function, so the comparison is a tracer and the `if`
raises TracerBoolConversionError.

Source: https://apxml.com/courses/getting-started-with-jax/chapter-2-accelerating-functions-jit/jit-static-vs-traced
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from ops import conditional_double

conditional_double_jit = jax.jit(conditional_double, static_argnames="threshold")


def run():
    conditional_double(jnp.array(3.0), 1.0)  # eager: fine
    return conditional_double_jit(jnp.array(3.0), threshold=1.0)


if __name__ == "__main__":
    run()
