"""A JAX book's companion code (chapter 6.4.6, listing 6-18) defines a stateful
`Counter` class whose `count` method does `self.n += 1` and returns `self.n`, then
wraps the bound method with `fast_count = jax.jit(counter.count)` and calls it three
times in a loop. The attribute increment only runs while tracing: every call of the
compiled function returns the constant 1 baked in at trace time, instead of 1, 2, 3.

Source: https://github.com/halfroad/JAX/blob/4dd4c6a377173e61a4343b4081c8d889b4ce2fe9/Chapters/06/6.4/6.4.6/6-18/Counter.py#L11
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax

from counter import Counter


def start():

    counter = Counter()

    fast_count = jax.jit(counter.count)

    results = []
    for _ in range(3):

        results.append(int(fast_count()))

    return results


def run():
    results = start()
    # calls whose value differs from what eager Python would give (1, 2, 3)
    return sum(1 for i, r in enumerate(results) if r != i + 1)
