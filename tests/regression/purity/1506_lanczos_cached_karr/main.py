"""While adding InterpolatedImage to JAX-GalSim, drawing with a Lanczos
interpolant evaluated `interp._xval_noraise` inside the body of a
`jax.lax.fori_loop`. The interpolant stored a lazily computed coefficient array
on itself during that trace, so the array it kept was a tracer from the loop
body; the next drawing that had to trace again picked up the stale attribute and
failed with UnexpectedTracerError ("A function transformed by JAX had a side
effect ... scanned_fun").

Source: https://github.com/GalSim-developers/JAX-GalSim/pull/60
Observed on jax 0.10.x: raises UnexpectedTracerError
"""
import jax
import jax.numpy as jnp

from interpolant import Lanczos


def _draw_with_interpolant_xval(interp, xs, ys):
    def _body(i, z):
        _y = ys[i] - xs
        wy = interp._xval_noraise(_y)
        return z + wy

    return jax.lax.fori_loop(0, ys.shape[0], _body, jnp.zeros_like(xs))


def run():
    interp = Lanczos(3)
    draw = jax.jit(_draw_with_interpolant_xval, static_argnums=0)
    draw(interp, jnp.linspace(-2.0, 2.0, 44), jnp.linspace(-1.0, 1.0, 6))
    draw(interp, jnp.linspace(-2.0, 2.0, 64), jnp.linspace(-1.0, 1.0, 6))
