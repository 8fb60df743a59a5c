"""`static_argnames` naming a positional-only parameter.

Source: https://github.com/jax-ml/jax/issues/10601
jit's input validation used to let this through silently: with `def g(dyn, stat, /)` and
`static_argnames=("stat",)`, `stat` stayed traced. jax now rejects the name.

Observed on jax 0.10.x: raises ValueError
"""

import jax


def g(dyn, stat, /):
    return dyn * stat


jg = jax.jit(g, static_argnames=("stat",))  # expect: JAX304


def run():
    return jg(1, 2)
