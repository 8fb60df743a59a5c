"""The JAX book's section 5.1.4 on explicit jit parameters writes
`f(x, negative)` returning `-x if negative else x` under plain `@jax.jit`, next to
`f2`, the same function with `partial(jax.jit, static_argnums=(1,))`. The call
`f(1, True)` (marked "# Error" and commented out in the listing) fails: the Boolean
flag that only selects a code path was not declared static, so it arrives as a
tracer and Python's conditional expression cannot take its truth value.

Source: https://github.com/halfroad/JAX/blob/374f859adc851ba2451c3814b67daa2536e02541/Chapters/05/ProgramConventionsNorms/5.1/JAXAdvantages/5.1.4/JitParametersExplicitInterpretation/FindNegativeNumber.py#L6
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
from functools import partial

import jax


@jax.jit
def f(x, negative):

    return -x if negative else x  # expect: JAX306,JAX201


@partial(jax.jit, static_argnums = (1,))
def f2(x, negative):

    return -x if negative else x


def main():

    result = f2(1, True)

    return f(1, True)


def run():
    main()
    return 0
