"""The apxml "explicit state passing" pattern: instead of a Counter object that mutates
`self.count`, the counter's state is an argument and the new state is returned, so the jitted
increment can be called in a loop and the count advances every time. Nothing outside the
function is touched.

Source: https://apxml.com/courses/getting-started-with-jax/chapter-6-managing-state-in-jax/pattern-explicit-state-passing
Observed on jax 0.10.x: 0 of 3 calls
"""
import jax
import jax.numpy as jnp


class CounterState:
    @staticmethod
    def init():
        return jnp.asarray(0)

    @staticmethod
    def increment(count):
        new_count = count + 1
        return new_count, new_count


increment = jax.jit(CounterState.increment)


def run():
    state = CounterState.init()
    wrong = 0
    for i in range(3):
        value, state = increment(state)
        wrong += int(value) != i + 1
    return wrong
