"""JAX issue: jitted method with static `self` keeps calling the old `self.fn`.

Source: https://github.com/jax-ml/jax/issues/9023
("Function in class not recompiled after updating wrapper").

`wrapper` is jitted with `static_argnums=(0,)`, so `self` is part of the cache
key via its hash -- the default identity hash, which does not change when
`assign_fn` stores a new callable on the instance. After `t.assign_fn(...)`,
`t.wrapper(1)` hits the cache and still runs the trace of the first `self.fn`
("stills prints 2, although it should print 3"), while `t.fn(1)` is correct.

Observed on jax 0.10.2: 2 of 3 calls
"""
from functools import partial

from jax import jit


class test:
    def __init__(self) -> None:
        pass

    @partial(jit, static_argnums=(0,))
    def wrapper(self, x):
        return self.fn(x)  # expect: JAX108

    def assign_fn(self, fn):
        self.fn = fn


def run():
    t = test()
    outputs = []

    fn = lambda x: x + 1
    t.assign_fn(fn)
    outputs.append((int(t.wrapper(1)), t.fn(1)))  # prints 2, as expected

    fn = lambda x: x + 2
    t.assign_fn(fn)
    outputs.append((int(t.wrapper(1)), t.fn(1)))  # stills prints 2, should print 3
    outputs.append((int(t.wrapper(1)), t.fn(1)))  # stills prints 2
    # how many calls returned a stale value
    return sum(int(w != direct) for w, direct in outputs)
