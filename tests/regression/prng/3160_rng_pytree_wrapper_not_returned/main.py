"""A thesis on DQV agents wraps its PRNG key in a custom pytree, PRNGKeyWrap, whose
__next__ splits self.key and hands back a subkey, so code can write next(rng). Passed
into a jitted function, the wrapper is flattened and rebuilt from tracers: next(a)
advances only that inner copy. cip() draws twice with next(a) but does not return the
wrapper, so the caller's key never moves and every call of cip(k) produces exactly the
same "random" numbers. The author's note above it: "wrong! a is unchanged at top level".

Source: https://github.com/xqz-u/dopamine/blob/2c9387076843d245a2fa396e01ac4b27f4514a47/dopamine/thesis/scratch/test_rng_pytree.py#L25
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax
import jax.numpy as jnp

from .custom_pytrees import PRNGKeyWrap


# wrong! a is unchanged at top level
@jax.jit
def cip(a):
    e = jax.random.uniform(next(a), (4,))
    c = jax.random.uniform(next(a), (4,))
    return e, c


def draw_two_batches(k: PRNGKeyWrap):
    a, b = cip(k)
    c, d = cip(k)  # expect: JAX502,JAX505,JAX501,JAX503
    return (a, c), (b, d)


def run():
    k = PRNGKeyWrap(5)
    pairs = draw_two_batches(k)
    return sum(bool(jnp.array_equal(x, y)) for x, y in pairs)
