"""From a study notebook on stateful computations: a `Counter` class keeps its
count in `self.n` and `count()` does `self.n += 1`. The user jits the bound
method, `count_jit = jax.jit(counter.count)`, and calls it in a loop: the
increment runs only while tracing, the constant 1 is baked into the compiled
function, and every later call prints 1 again instead of 2, 3.

Source: https://github.com/Tershire/JAX_Study/blob/a6538eb43cd7ab7a010f644328fe82c495fd352f/S03/S03P03_tutorial_stateful_computations_in_jax.ipynb
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax

from counter import Counter


def run():
    counter = Counter()
    for _ in range(3):
        counter.count()  # eager: 1, 2, 3
    counter.reset()

    count_jit = jax.jit(counter.count)
    wrong = 0
    for expected in range(1, 4):
        value = int(count_jit())
        wrong += value != expected
    return wrong


if __name__ == "__main__":
    print(run())
