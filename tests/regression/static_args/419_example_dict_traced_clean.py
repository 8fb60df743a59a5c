"""Clean: the example dict is passed as an ordinary (traced) pytree argument.

Source: https://github.com/google-research/google-research/issues/1025
The fix for the ipagnn adapter: arrays belong in traced arguments; only the
adapter's hashable settings (the padded length) are static.

Observed on jax 0.10.2: runs
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np


@functools.partial(jax.jit, static_argnames=("max_tokens",))
def as_padded(example, max_tokens):
    tokens = jnp.asarray(example["tokens"])
    pad = max_tokens - tokens.shape[0]
    return jnp.pad(tokens, (0, pad)), jnp.asarray(example["target"])


class ProgramAdapter:
    def __init__(self, max_tokens=16):
        self.max_tokens = max_tokens

    def preprocess(self, dataset):
        return [as_padded(example, max_tokens=self.max_tokens) for example in dataset]


def run():
    data = [{"tokens": np.arange(5), "target": np.int32(1)},
            {"tokens": np.arange(7), "target": np.int32(0)}]
    ProgramAdapter().preprocess(data)
