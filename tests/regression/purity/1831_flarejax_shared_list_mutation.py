"""While designing flarejax (a small module library with a `filter_jit` wrapper), the author
checked what happens to in-place container edits under jit: a dict whose two entries share one
Python list, `y = {"a": x, "b": x}` with `x = [jnp.zeros(())]`, is passed to a function that does
`v["a"][0] += 1`. Eagerly the shared list is updated and both entries see the change; under
jax.jit the argument pytree is rebuilt from its leaves, so the mutation hits a private copy: the
caller's list is never incremented and the aliasing between "a" and "b" is lost in the output.

Source: https://github.com/pwolle/flarejax/blob/97e9e6803ded8581ad9e5510770b8c440c18acc3/tmp3.py#L5
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import jax.numpy as jnp


def func(v):
    # print(v)
    v["a"][0] += 1  # expect: JAX104
    return v


def run():
    x = [jnp.zeros(())]
    y = {"a": x, "b": x}  # shared reference
    out = jax.jit(func)(y)
    lost = 0
    lost += float(x[0]) != 1.0           # caller's list untouched
    lost += float(out["b"][0]) != float(out["a"][0])  # aliasing between "a" and "b" gone
    return lost
