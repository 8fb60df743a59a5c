"""Mandelbrot escape test branches on a traced value under vmap.

Source: https://github.com/jax-ml/jax/issues/24740
The reporter wrote a Mandelbrot escape-time function with a Python `for`
loop and `if jnp.abs(z) > 2.0: return ...`; it ran eagerly on one point but
`vmap(mandle_brot, in_axes=(0, None))` raised TracerBoolConversionError on the
`if`. Here the per-point kernel is vmapped by a row renderer.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp


def escape_time(c, max_iter):
    z = jnp.array([0.0 + 0.0j])
    for i in range(max_iter):
        z = z * z + c
        if jnp.abs(z) > 2.0:  # expect: JAX201
            return jnp.array([i])
    return jnp.array([max_iter])


def render_row(cs, max_iter=20):
    return jax.vmap(escape_time, in_axes=(0, None))(cs, max_iter)


def run():
    cs = jnp.array([-0.75 + 0.1j, 0.3 + 0.5j, -2.0 + 0.0j, 0.0 + 0.0j])
    return render_row(cs, 10)
