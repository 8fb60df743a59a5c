"""In the JAX book's section 5.2.3 on conditional clauses and jit, `function(length,
val)` builds `jax.numpy.ones((length, )) * val`. Called eagerly as `function(5, 4)`
it works; the author then tried `jax.jit(function)(5, 4)` (left commented out in
the listing because it fails) before switching to `static_argnums = (0,)`. Without
the static declaration the array length arrives as a tracer and cannot be used as a
shape.

Source: https://github.com/halfroad/JAX/blob/374f859adc851ba2451c3814b67daa2536e02541/Chapters/05/ProgramConventionsNorms/5.2/5.2.3/AdditionalConditionalClauseInfluenceJit.py#L4
Observed on jax 0.10.x: raises TypeError
"""
import jax

from layers import function


def start():

    result = function(5, 4)

    jit_function = jax.jit(function)
    jit_function_result = jit_function(5, 4)

    return result, jit_function_result


def run():
    start()
    return 0
