"""`int(n)` on a parameter left out of `static_argnames` in a `@jax.jit(...)` decorator factory.

Source: https://github.com/QuantEcon/lecture-jax/issues/95
The lecture's integer arguments must be static to be used as Python ints; with
`@jax.jit(static_argnames=...)` naming only one of two, the other is traced and `int()` fails.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

import jax


@jax.jit(static_argnames=("seed",))
def simulate_path(rho, n_steps, seed=0):
    key = jax.random.key(seed)
    shocks = jax.random.normal(key, (10,))
    x = 0.0
    for t in range(int(n_steps)):  # expect: JAX202,JAX204
        x = rho * x + shocks[t]
    return x


def run():
    return simulate_path(0.9, 5)
