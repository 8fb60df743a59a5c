"""JIT dojo lesson "only some types can be static/dynamic": `f` is jitted with
`static_argnames=["n"]` and works for `n=10` and `n=11` (one compile each). The user then
calls it with `n=jnp.array(1)` -- a JAX array is not hashable, so it cannot be a
compile-time constant and jit refuses the call.

Source: https://github.com/matomatical/hijax/blob/66ec8c7c044d593f58ffb1e46b8f052a23f1c008/jit_dojo/lesson6.py#L38
Observed on jax 0.10.x: raises ValueError
"""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=["n"])
def f(n: int, a):
    jax.debug.print("   [f.debug] n: {}", n)
    return n + a


def run():
    f(n=10, a=jnp.arange(5))
    f(n=11, a=jnp.arange(5))
    # only hashable types can be passed as static params
    return f(n=jnp.array(1), a=jnp.arange(5))  # expect: JAX302


if __name__ == "__main__":
    run()
