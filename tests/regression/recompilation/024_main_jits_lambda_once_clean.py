"""An entry point that jits a lambda once and runs its loop with it.

Source: https://github.com/jax-ml/jax/issues/9288
A lambda is only a problem when it is created per iteration or per call of a function called
repeatedly; `main()` runs once per program, so jitting a lambda there compiles once.

Observed on jax 0.10.x: <lambda> compiled 1 time
"""

import jax
import jax.numpy as jnp


def main():
    step = jax.jit(lambda p, g: p - 0.1 * g)
    params = jnp.ones(3)
    for _ in range(3):
        params = step(params, jnp.ones(3))
    return params


def run():
    main()


if __name__ == "__main__":
    main()
