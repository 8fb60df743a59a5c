"""jnp.piecewise with lambdas written inline, evaluated eagerly in a loop.

Source: https://github.com/jax-ml/jax/issues/7693
`jnp.piecewise(x, conds, [g, g, 0.])` compiled on every call: the function
list is a static argument of an internal jitted helper, and callables that
are new objects each time never hit the cache.

Observed on jax 0.10.2: _piecewise compiled 3 times
"""
import jax.numpy as jnp


def smooth_step_response(t, tau):
    return jnp.piecewise(
        t,
        [t < 0, (t >= 0) & (t < tau), t >= tau],
        [0.0, lambda s: (s / tau) ** 2 * (3 - 2 * s / tau), 1.0],  # expect: JAX405
    )


def run():
    t = jnp.linspace(-1.0, 3.0, 9)
    out = []
    for tau in (0.5, 1.0, 2.0):
        out.append(smooth_step_response(t, tau))
    return jnp.stack(out)
