"""An adapter jitted with the whole example dict marked static.

Source: https://github.com/google-research/google-research/issues/1025
In ipagnn's common adapters the per-example preprocessing function is jitted
with the `example` argument static, but `example` is a dict of numpy arrays,
neither of which is hashable; after JAX started enforcing hashability the
adapter fails on the first example.

Observed on jax 0.10.2: raises ValueError
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np


class ProgramAdapter:
    def __init__(self, max_tokens=16):
        self.max_tokens = max_tokens

    @functools.partial(jax.jit, static_argnums=(0, 1))
    def _as_padded(self, example):
        tokens = jnp.asarray(example["tokens"])
        pad = self.max_tokens - tokens.shape[0]
        return jnp.pad(tokens, (0, pad)), jnp.asarray(example["target"])

    def preprocess(self, dataset):
        out = []
        for example in dataset:
            out.append(self._as_padded(example))  # expect: JAX302
        return out


def run():
    data = [{"tokens": np.arange(5), "target": np.int32(1)},
            {"tokens": np.arange(7), "target": np.int32(0)}]
    ProgramAdapter().preprocess(data)
