"""A helper records `repr` of its argument in a global list for debugging.

Source: https://github.com/jax-ml/jax/pull/20819
While reworking the tutorials, the PR's test file does
`cool = []; def f(x): cool.append(repr(x)); return x.sum()` and runs it
under jit/grad to look at what tracers print like. Under `jit` the list
gets one entry (a tracer repr) no matter how often the function is called.

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax
import jax.numpy as jnp

cool = []


def f(x):
    cool.append(repr(x))  # expect: JAX104
    return x.sum()


f_jit = jax.jit(f)


def run():
    x = jnp.ones((3, 3))
    for k in range(3):
        f_jit(x * k)
    return len(cool)
