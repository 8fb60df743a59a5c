"""JIT dojo lesson "only some types can be static/dynamic", last step: `f(n, a)` is jitted
with only `n` static. The user passes Python builtins in both slots -- `n=(min, max)`
(a hashable tuple of functions, fine as a static argument) and `a=(sum,)` -- but `a` is
a traced position, and a tuple holding the function `sum` is not an array pytree, so
jit cannot interpret it as an abstract value.

Source: https://github.com/matomatical/hijax/blob/faf3fe5d5ac47d09970789ef0c439272ccf8f3a3/jit_dojo/lesson6.py#L48
Observed on jax 0.10.x: raises TypeError
"""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=["n"])
def f(n, a):
    return n + a


def run():
    f(n=10, a=jnp.arange(5))
    # only array(tree) types can be passed as dynamic params
    return f(
        n=(min, max),
        a=(sum,),  # expect: JAX306
    )


if __name__ == "__main__":
    run()
