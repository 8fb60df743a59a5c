"""A long recurrence expressed with `lax.scan(..., length=n)` (clean look-alike).

Source: https://github.com/jax-ml/jax/issues/1131
"Step length dependent compilation time of lax.scan" was a bug in the
op-by-op scan impl, fixed so that a scan of 8192 steps compiles to one
loop; the loop body is traced once regardless of length.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


@jax.jit
def integrate(x0):
    def step(x, _):
        return x + 0.001 * jnp.cos(x), None

    x, _ = jax.lax.scan(step, x0, None, length=8192)
    return x


def run():
    return integrate(jnp.float32(0.5))
