"""Thesis scratch file exploring jit on a dopamine (RL) fork: `cip(p, d)` is jitted and its
inner loss, differentiated with `jax.value_and_grad`, does `print(d)` to look at the
batch. The print only runs when jit traces: it shows a tracer on the first call and again
only when the input shape changes (the user's `cip(c, d)` with length-5 arrays); repeated
calls with an already-seen shape print nothing.

Source: https://github.com/xqz-u/dopamine/blob/2c9387076843d245a2fa396e01ac4b27f4514a47/dopamine/thesis/scratch/explore_jit.py#L276
Observed on jax 0.10.x: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp
import jax.random as jrand


@jax.jit
def cip(p, d):
    def inner(p):
        print(d)  # expect: JAX101
        return jnp.sum(jnp.power(p - d, 2))

    g = jax.value_and_grad(inner)
    loss, grads = g(p)
    return loss


def run():
    rng = jrand.PRNGKey(0)
    rng, key0, key1 = jrand.split(rng, 3)
    a = jrand.uniform(key0, (4,))
    b = jrand.uniform(key1, (4,))
    c = jrand.uniform(key0, (5,))
    d = jrand.uniform(key1, (5,))
    silent = 0
    for args in ((a, b), (c, d), (a, d[:4])):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            cip(*args).block_until_ready()
        silent += buf.getvalue().strip() == ""
    return silent
