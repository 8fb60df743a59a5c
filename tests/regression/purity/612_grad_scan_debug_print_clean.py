"""`jax.debug.print` inside a scanned body that is differentiated (clean look-alike).

Source: https://github.com/jax-ml/jax/pull/17357
The PR's example differentiates `lax.scan(body, x, xs=None, length=5)` where
`body` calls `jax.debug.print("X: {}", x)`; the print is a staged effect and
is the supported way to see values inside a traced loop.

Observed on jax 0.10.2: runs
"""
import jax
from jax import lax


@jax.grad
def f(x):
    def body(x, _):
        jax.debug.print("X: {}", x)
        return x + 1, ()

    return lax.scan(body, x, xs=None, length=5)[0]


def run():
    g = f(0.0)
    jax.effects_barrier()
    return g
