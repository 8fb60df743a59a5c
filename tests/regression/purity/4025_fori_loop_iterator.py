"""A JAX learning repo's "caveat" notebook sums ten numbers with
`lax.fori_loop`, first indexing an array (45) and then pulling values from a
Python iterator with `next(iterator)` inside the loop body. The body is traced
once, so `next` runs once at trace time and its value is baked in as a
constant: the loop returns 0 instead of 45, silently.

Source: https://github.com/cJamesSmith/learn-jax/blob/70bad938f6590b6dc5bc05ca17597e086a89b991/official/caveat.ipynb
Observed on jax 0.10.x: 1 of 1 calls
"""
import jax.numpy as jnp
from jax import lax


def run():
    array = jnp.arange(10)
    expected = int(lax.fori_loop(0, 10, lambda i, x: x + array[i], 0))  # 45
    iterator = iter(range(10))
    got = int(lax.fori_loop(0, 10, lambda i, x: x + next(iterator), 0))  # expect: JAX107
    return int(got != expected)


if __name__ == "__main__":
    print(run())
