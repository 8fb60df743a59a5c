"""Clean look-alike following a personal JAX notes page: "debug.print for
printing runtime values" inside jitted code, and the easy workaround for
value-dependent control flow -- "jit the expensive parts, e.g. `while
some_condition: do_expensive_jitted_thing(x)`". The jitted step reports its
residual with jax.debug.print (runs on every call), and the convergence test
is a Python `while` on a concrete value outside the jit boundary.

Source: https://mwolf.dev/general/jax
Observed on jax 0.10.x: do_expensive_jitted_thing compiled 1 times
"""
import jax
import jax.numpy as jnp


@jax.jit
def do_expensive_jitted_thing(x):
    x_new = 0.5 * (x + 2.0 / x)  # Newton step for sqrt(2)
    jax.debug.print("residual {r}", r=jnp.abs(x_new ** 2 - 2.0).max())
    return x_new


def some_condition(x):
    return float(jnp.abs(x ** 2 - 2.0).max()) > 1e-4


def run():
    x = jnp.array([1.0, 3.0])
    steps = 0
    while some_condition(x) and steps < 20:
        x = do_expensive_jitted_thing(x)
        steps += 1
    print("steps:", steps)
    return steps


if __name__ == "__main__":
    run()
