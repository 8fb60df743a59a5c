"""Notes on JAX control flow (aarnphm.xyz): a function that branches on its scalar input
with `if x < 3:` is jitted without marking that input static. jit traces x as
ShapedArray((), ...), `x < 3` is an abstract bool, and the branch cannot be chosen;
the note's fix is static_argnums for that argument.

Source: https://aarnphm.xyz/thoughts/Jax
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
from jax import jit


def piecewise(x):
    if x < 3:  # expect: JAX201,JAX306
        return 3. * x ** 2
    else:
        return -4 * x


piecewise_jit = jit(piecewise)


def run():
    return piecewise_jit(2.)
