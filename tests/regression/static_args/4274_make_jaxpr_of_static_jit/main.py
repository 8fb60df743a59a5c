"""In chapter 6.2.2 of a JAX book ("jit does not trace indefinite parameters") the
author builds `jit_static_argnums_function = jax.jit(function, static_argnums=(0,))`
for a piecewise `function` with a Python `if`, which works when called with 10.,
and then wraps the already-jitted function in `jax.make_jaxpr(...)` to print its
jaxpr - the line is marked "# Error". make_jaxpr traces its argument, so the static
position of the inner jit receives a tracer, which cannot be hashed as a static
argument.

Source: https://github.com/halfroad/JAX/blob/de2b4148fae2f9a60bc25881e0b2f9438a0f833f/Chapters/06/6.2/6.2.2/6-10/JitNotTraceIndefiniteParameters.py#L78
Observed on jax 0.10.x: raises ValueError
"""
import jax

from funcs import function, cond_function


def start():

    jit_static_argnums_function = jax.jit(function, static_argnums = (0,))

    result = jit_static_argnums_function(10.)

    jit_cond_function = jax.jit(cond_function)

    result = jit_cond_function(10.)

    jaxpr_jit_cond_function = jax.make_jaxpr(jit_cond_function)
    jaxpr_jit_cond_function(10.)

    # jaxpr
    jaxpr_jit_static_argnums_function = jax.make_jaxpr(jit_static_argnums_function)

    return jaxpr_jit_static_argnums_function(10.)  # expect: JAX302


def run():
    start()
    return 0
