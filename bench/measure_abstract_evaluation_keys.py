"""A key given to `jax.make_jaxpr(f)` or `jax.eval_shape(f, ...)` after `f` drew from it: both only
trace `f`, to a jaxpr or to the shapes of its results, and draw no random bits; jax's key-reuse
check (typed keys, `jax_debug_key_reuse`) counts no consumption there.

Measured on jax 0.10.2 (run with python bench/measure_abstract_evaluation_keys.py):
    make_jaxpr after a draw: no KeyReuseError; returns ClosedJaxpr
    eval_shape after a draw: no KeyReuseError; returns ShapeDtypeStruct
    a second real call after a draw: KeyReuseError
"""

import jax
import jax.numpy as jnp

jax.config.update("jax_debug_key_reuse", True)


@jax.jit
def f(key, x):
    return x + jax.random.normal(key, x.shape)


def after_a_draw(label, again):
    key = jax.random.key(0)
    x = jnp.zeros(3)
    f(key, x)
    try:
        out = again(key, x)
    except Exception as error:  # KeyReuseError
        print(f"{label}: {type(error).__name__}")
        return
    print(f"{label}: no KeyReuseError; returns {type(out).__name__}")


after_a_draw("make_jaxpr after a draw", lambda k, x: jax.make_jaxpr(f)(k, x))
after_a_draw("eval_shape after a draw", lambda k, x: jax.eval_shape(f, k, x))
after_a_draw("a second real call after a draw", f)
