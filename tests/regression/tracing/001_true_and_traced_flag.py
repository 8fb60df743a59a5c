"""`if True and flag:` on a traced boolean parameter.

Source: https://github.com/jax-ml/jax/pull/22098
The pull request's example: a jitted function tests `True and qiaoqiao`; `and` hands back the
traced operand and `if` converts it to a Python bool.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax


@jax.jit
def f(qiaoqiao):
    if True and qiaoqiao:  # expect: JAX201
        return 1
    return 0


def run():
    return f(True)
