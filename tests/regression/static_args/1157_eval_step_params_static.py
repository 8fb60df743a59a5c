"""Evaluation step marks both the model and its params pytree as static.

Source: https://github.com/google/fedjax/commit/e2e689670dd3db9d2375a41360e62d444850fb66
What happened: fedjax/experimental/model.py defined
`@functools.partial(jax.jit, static_argnums=(0, 1)) def _evaluate_model_step(model: Model,
params: Params, batch: BatchExample, stat: metrics.Stat)`, so the parameter pytree was a
static argument.  model_test.py never noticed because it called the evaluator with
`params = None  # Unused.`; the fix "Fix wrong static_argnums for _evaluate_model_step"
changed the decorator to `static_argnums=0` and made the test pass `jnp.array(3.14)`.
Here a hashable frozen model object (static, as intended) and a real params dict of
arrays go through the same decorator; the params dict lands in a static slot.

Observed on jax 0.10.2: raises ValueError
"""
import dataclasses
import functools
from typing import Callable

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class Model:
    apply_fn: Callable
    num_classes: int


def _linear_apply(params, x):
    return x @ params["w"] + params["b"]


@functools.partial(jax.jit, static_argnums=(0, 1))
def _evaluate_model_step(model, params, batch, stat):
    logits = model.apply_fn(params, batch["x"])
    correct = jnp.sum(jnp.argmax(logits, -1) == batch["y"])
    return {"correct": stat["correct"] + correct, "count": stat["count"] + batch["y"].shape[0]}


def evaluate_model(model, params, batches):
    stat = {"correct": jnp.array(0), "count": jnp.array(0)}
    for batch in batches:
        stat = _evaluate_model_step(model, params, batch, stat)  # expect: JAX302
    return stat["correct"] / stat["count"]


def run():
    model = Model(apply_fn=_linear_apply, num_classes=2)
    params = {"w": jnp.ones((3, 2)), "b": jnp.zeros(2)}
    batches = [{"x": jnp.ones((4, 3)), "y": jnp.array([1, 0, 1, 1])}]
    return float(evaluate_model(model, params, batches))


if __name__ == "__main__":
    print(run())
