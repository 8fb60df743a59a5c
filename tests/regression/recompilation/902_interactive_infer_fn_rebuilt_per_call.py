"""Interactive model builds its inference function from
``functools.partial(infer_step, **inference_kwargs)`` and jits it on every
``infer`` call.

Source: https://github.com/google-research/t5x/commit/4129db3
"Cache inference function in interactive model to avoid recompilation":
``InteractiveModel`` called ``utils.get_infer_fn(infer_step=functools.partial(
infer_step, **inference_kwargs), ...)`` inside each call; the commit caches the
result keyed by the flattened kwargs.

Observed on jax 0.10.2: infer_fn compiled 3 times
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

    def infer_with_preprocessors(self, batch, infer_step=predict_batch, **inference_kwargs):
        infer_fn = get_infer_fn(
            infer_step=functools.partial(infer_step, **inference_kwargs),
            batch_size=self._batch_size,
        )
        return infer_fn(self._params, batch)  # expect: JAX402


def run():
    model = InteractiveModel(jnp.ones((3, 4)))
    batch = jnp.ones((2, 3))
    for _ in range(3):
        out = model.infer_with_preprocessors(batch, temperature=0.7)
    return out
