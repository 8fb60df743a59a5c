"""An iterative solve written with `lax.while_loop` inside jit (clean look-alike).

Source: https://github.com/jax-ml/jax/pull/403
The loop-construct docs added in this PR explain that `while_loop` lowers
to a single XLA While, which is what keeps compile times small compared to
native Python loops inside `@jit`, which are unrolled.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def cube_root(a):
    def cond(state):
        x, i = state
        return (jnp.abs(x ** 3 - a) > 1e-5) & (i < 10_000)

    def body(state):
        x, i = state
        return x - (x ** 3 - a) / (3 * x ** 2), i + 1

    x, _ = lax.while_loop(cond, body, (jnp.float32(1.0), 0))
    return x


def run():
    return cube_root(jnp.float32(27.0))
