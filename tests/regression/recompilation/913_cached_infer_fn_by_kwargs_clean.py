"""Clean look-alike: the interactive model after the fix, caching the jitted
inference function keyed by the flattened inference kwargs.

Source: https://github.com/google-research/t5x/commit/4129db3
``infer_fn_key = tuple(sorted(...inference_kwargs.items()))``; ``if
infer_fn_key not in self._cached_infer_fns: self._cached_infer_fns[key] =
utils.get_infer_fn(...)``.

Observed on jax 0.10.2: infer_fn compiled 1 times
"""
import functools

import jax
import jax.numpy as jnp


def predict_batch(params, batch, temperature=1.0):
    return jax.nn.softmax(batch @ params / temperature)


def get_infer_fn(infer_step, batch_size):
    def infer_fn(params, batch):
        return infer_step(params, batch.reshape(batch_size, -1))

    return jax.jit(infer_fn)


class InteractiveModel:
    def __init__(self, params, batch_size=2):
        self._params = params
        self._batch_size = batch_size
        self._cached_infer_fns = {}

    def infer_with_preprocessors(self, batch, infer_step=predict_batch, **inference_kwargs):
        infer_fn_key = tuple(sorted(inference_kwargs.items()))
        if infer_fn_key not in self._cached_infer_fns:
            self._cached_infer_fns[infer_fn_key] = get_infer_fn(
                infer_step=functools.partial(infer_step, **inference_kwargs),
                batch_size=self._batch_size,
            )
        return self._cached_infer_fns[infer_fn_key](self._params, batch)


def run():
    model = InteractiveModel(jnp.ones((3, 4)))
    batch = jnp.ones((2, 3))
    for _ in range(3):
        out = model.infer_with_preprocessors(batch, temperature=0.7)
    return out
