from typing import Any, Callable, NamedTuple, TypeVar

import jax.numpy as jnp

OptState = TypeVar("OptState")


class Optimizer(NamedTuple):
    init: Callable[[Any], OptState]
    update: Callable[[int, Any, OptState], OptState]
    get: Callable[[OptState], Any]


def adam(step_size=1e-3, b1=0.9, b2=0.999, eps=1e-8):
    def init(x0):
        return (x0, jnp.zeros_like(x0), jnp.zeros_like(x0))

    def update(i, g, state):
        x, m, v = state
        m = (1 - b1) * g + b1 * m
        v = (1 - b2) * jnp.square(g) + b2 * v
        mhat = m / (1 - b1 ** (i + 1))
        vhat = v / (1 - b2 ** (i + 1))
        return (x - step_size * mhat / (jnp.sqrt(vhat) + eps), m, v)

    def get(state):
        return state[0]

    return init, update, get
