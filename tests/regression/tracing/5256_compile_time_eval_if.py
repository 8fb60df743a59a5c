"""A user tried the example from the ensure_compile_time_eval docstring: compute z with
jnp.sin inside `with jax.ensure_compile_time_eval():` so it is concrete, then branch on
`if z > 0:` outside the context manager. The comparison itself runs after the block, so
it is staged out like any other op inside jit and the `if` sees a tracer (mattjj: move
`z > 0` inside the context manager, or call .item() there).

Source: https://github.com/google/jax/issues/9823
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    with jax.ensure_compile_time_eval():
        y = jnp.sin(3.0)
        z = jnp.sin(y)
    if z > 0:  # expect: JAX201
        return jnp.sin(x)
    else:
        return jnp.cos(x)


def run():
    return f(0)
