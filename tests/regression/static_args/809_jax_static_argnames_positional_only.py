"""JAX issue: `static_argnames` naming positional-only parameters.

Source: https://github.com/jax-ml/jax/issues/10618
("`static_argnames` of `jax.jit` does not correctly infer `argnums`").

For `def f(a, /, b, *, c)` the report passed `static_argnames=("a", "b", "c")`
expecting all three to be static; `a` is positional-only, so no caller can
pass it by keyword and the name cannot mark it static (at the time it was
silently left dynamic). Current JAX rejects the names when the jitted function
is created: "Jitted function has invalid argnames {'a'} in static_argnames.
These are positional-only". Here `f` is a small grid-refinement helper whose
three arguments all pick shapes, built by a factory.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


def f(a, /, b, *, c):
    # a: number of rows, b: number of columns, c: refinement factor
    return jnp.zeros((a * c, b * c)).at[:: c, :: c].set(1.0)


def make_refiner():
    return jax.jit(f, static_argnames=("a", "b", "c"))  # expect: JAX304


def run():
    refine = make_refiner()
    return refine(2, 3, c=2)
