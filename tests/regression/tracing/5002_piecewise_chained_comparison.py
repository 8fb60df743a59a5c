"""A piecewise-linear activation written with jax.numpy.piecewise: the user's condition list
uses a Python chained comparison ``0 < x < 1``. Eagerly that works on a scalar, but Python
expands the chain to ``(0 < x) and (x < 1)``, and the ``and`` asks for the truth value of a
traced array under jit, so the jitted version fails while the un-jitted call returns 0.5 (the
thread's answer: build the mask with ``(0 < x) & (x < 1)``).

Source: https://github.com/jax-ml/jax/issues/7969
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax


def f(x):
    return jax.numpy.piecewise(x, [x < 0, 0 < x < 1], [-x, x])  # expect: JAX201


f_jit = jax.jit(f)


def run():
    f(0.5)  # eager call works: 0.5
    return f_jit(0.5)


if __name__ == "__main__":
    run()
