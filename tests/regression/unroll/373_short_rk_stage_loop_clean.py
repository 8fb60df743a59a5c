"""Clean look-alike: a Python loop over a small fixed number of stages.

Source: https://pytroubles.com/en/posts/id2384-jax-performance-choosing-python-for-loop-vs-jax-lax-scan-jit-trade-offs-and-unroll-tuning
The same write-up notes that for few iterations a Python for loop is fine
(and can be faster, since XLA optimises across the unrolled copies). Here the
loop runs over the four fixed stages of an RK4 step; the trip count is a
constant 4, not a size or a configurable count, and the time loop is a scan.

Observed on jax 0.10.2: integrate compiled 1 times
"""
from functools import partial

import jax
import jax.numpy as jnp

RK4_A = ((), (0.5,), (0.0, 0.5), (0.0, 0.0, 1.0))
RK4_B = (1 / 6, 1 / 3, 1 / 3, 1 / 6)


def vector_field(y):
    return jnp.array([y[1], -jnp.sin(y[0])])


def rk4_step(y, dt):
    ks = []
    for a_row in RK4_A:
        yi = y + dt * sum(a * k for a, k in zip(a_row, ks))
        ks.append(vector_field(yi))
    return y + dt * sum(b * k for b, k in zip(RK4_B, ks))


@partial(jax.jit, static_argnames=("num_steps",))
def integrate(y0, dt, num_steps):
    def body(y, _):
        y = rk4_step(y, dt)
        return y, y

    return jax.lax.scan(body, y0, None, length=num_steps)[1]


def run():
    return integrate(jnp.array([1.0, 0.0]), 0.01, num_steps=500)
