"""`static_argnames` given to jit around a signature-less `*args` wrapper.

Source: https://github.com/eclipse-qrisp/Qrisp/issues/288
In Qrisp's repeat-until-success decorator, `static_argnames=["m"]` had no
effect (m stayed dynamic) while `static_argnums=[1]` worked: the decorator
wraps the user function in a `*args` closure and jits that, so the name `m`
names no parameter of what jit sees. Rebuilt in plain jax: jit checks the
signature of the wrapper and rejects the name.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


def repeat_until_success(static_argnames=()):
    def decorator(fn):
        def trial(*args):
            ok, out = fn(*args)
            return ok, out

        return jax.jit(trial, static_argnames=static_argnames)  # expect: JAX303,JAX304,JAX305

    return decorator


def test(n, m):
    arr = jnp.zeros(m)
    return arr.sum() + n >= 0, arr


def main():
    rus_test = repeat_until_success(static_argnames=["m"])(test)
    return rus_test(5, 3)


def run():
    return main()
