"""A plain (non-frozen) dataclass config passed as a static argument.

Source: https://github.com/jax-ml/jax/issues/3701
`do_stuff(data, config)` was jitted with `static_argnums=1` and called with a
`@dataclasses.dataclass` Config. A non-frozen dataclass defines __eq__ and so
sets __hash__ to None; JAX first retraced on every call and now refuses the
value. `@dataclasses.dataclass(frozen=True)` was the fix.

Observed on jax 0.10.2: raises ValueError
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class EvalConfig:
    num_bins: int = 10
    temperature: float = 1.0
    normalize: bool = True


@functools.partial(jax.jit, static_argnums=1)
def calibration_histogram(logits, config):
    probs = jax.nn.softmax(logits / config.temperature, axis=-1)
    conf = probs.max(-1)
    hist = jnp.histogram(conf, bins=config.num_bins, range=(0.0, 1.0))[0]
    if config.normalize:
        hist = hist / hist.sum()
    return hist


def evaluate(logits):
    config = EvalConfig(num_bins=8, temperature=1.5)
    return calibration_histogram(logits, config)  # expect: JAX302


def run():
    logits = jnp.linspace(-2.0, 2.0, 40).reshape(10, 4)
    return evaluate(logits)
