"""Parameter sweep that passes a new lambda vector field to a jitted integrator each time.

Source: https://github.com/jax-ml/jax/issues/2570
Answering how to force recompilation, the maintainer explains that `jit(lambda *args, **kw:
f(*args, **kw))(...)` "will recompile each time because `jit` works by function identity, not
by function equivalence". The same identity rule applies to a callable passed at a static
position: here a decay-rate sweep builds a fresh lambda right-hand side for every rate.

Observed on jax 0.10.2: integrate compiled 4 times
"""
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(0,))
def integrate(rhs, y0, dt):
    def step(y, _):
        y = y + dt * rhs(y)
        return y, y
    _, ys = jax.lax.scan(step, y0, None, length=50)
    return ys[-1]


def sweep(rates, y0):
    finals = []
    for k in rates:
        finals.append(integrate(lambda y: -k * y, y0, 0.01))  # expect: JAX405
    return finals


def run():
    return sweep([0.5, 1.0, 1.5, 2.0], jnp.ones(3))[-1]
