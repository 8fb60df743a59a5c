"""Clean look-alike: the evaluation config made ``frozen=True`` as suggested in
the report, so it hashes by value and is a valid static argument.

Source: https://github.com/jax-ml/jax/issues/3701
"Using ``@dataclasses.dataclass(frozen=True)`` does yield a Config class with a
hash, and then behaviour is as expected."

Observed on jax 0.10.2: do_stuff compiled 1 times
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Config:
    some_value: int
    temperature: float = 1.0


@functools.partial(jax.jit, static_argnums=1)
def do_stuff(data, config):
    return jnp.tanh(data / config.temperature) * config.some_value


def evaluate():
    config = Config(3)
    data = jnp.linspace(-1.0, 1.0, 8)
    return do_stuff(data, config)


def run():
    for _ in range(3):
        out = evaluate()
    return out
