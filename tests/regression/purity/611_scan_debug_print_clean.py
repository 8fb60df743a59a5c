"""A scan body reports its carry with `jax.debug.print` (clean look-alike).

Source: https://github.com/jax-ml/jax/issues/19867
The report's scanner calls `jax.debug.print("carry={carry} x={x}", ...)`
inside `lax.scan`; the prints are staged into the program and fire on every
iteration (the issue was only that the process could exit before they were
flushed, fixed with `jax.effects_barrier()`).

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def scanner(carry, x):
    jax.debug.print("carry={carry} x={x}", carry=carry, x=x)
    return carry + x, x


@jax.jit
def cumulative(xs):
    return jax.lax.scan(scanner, jnp.array(0.0), xs)


def run():
    out = cumulative(jnp.arange(4.0))
    jax.effects_barrier()
    return out[0]
