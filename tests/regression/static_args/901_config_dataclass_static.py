"""Evaluation config passed as a static argument is a plain ``@dataclass``.

Source: https://github.com/jax-ml/jax/issues/3701
"Unhashable objects are silently accepted as static arguments": ``Config`` is
``@dataclasses.dataclass`` (``eq=True`` sets ``__hash__ = None``) and
``do_stuff`` is ``partial(jax.jit, static_argnums=1)``; at the time it
retraced on every ``evaluate()`` call, today jit rejects it.

Observed on jax 0.10.2: raises ValueError
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Config:
    some_value: int
    temperature: float = 1.0


@functools.partial(jax.jit, static_argnums=1)
def do_stuff(data, config):
    return jnp.tanh(data / config.temperature) * config.some_value


def summon_up_evaluation_data():
    return jnp.linspace(-1.0, 1.0, 8)


def evaluate():
    config = Config(3)
    data = summon_up_evaluation_data()
    return do_stuff(data, config)  # expect: JAX302


def run():
    return evaluate()
