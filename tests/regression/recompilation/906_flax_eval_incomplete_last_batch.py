"""Flax example evaluation loop feeds the last, incomplete batch to the
``pmap``'d eval step, whose input shape then differs from all previous steps.

Source: https://github.com/huggingface/transformers/pull/17863
"[Flax] Fix incomplete batches in example scripts": "Because XLA is not shape
polymorphic, forming the last batch with shape different from the preceding
batches triggers a recompilation of the pmap'd function" -- the scripts had
dropped it; the PR pads it instead.

(On jax 0.10.2 ``pmap`` is lowered through an internal function logged as
``jit(_fun)``, so the compile count is reported under that name.)

Observed on jax 0.10.2: _fun compiled 2 times
"""
import jax
import jax.numpy as jnp
import numpy as np


def eval_step(params, batch):
    logits = batch["input_ids"] @ params["w"]
    loss = jnp.mean((logits - batch["labels"]) ** 2)
    return jax.lax.pmean({"loss": loss}, axis_name="batch")


p_eval_step = jax.pmap(eval_step, axis_name="batch")


def replicate(tree):
    n = jax.local_device_count()
    return jax.tree_util.tree_map(lambda x: jnp.broadcast_to(x, (n,) + x.shape), tree)


def shard(batch):
    n = jax.local_device_count()
    return jax.tree_util.tree_map(lambda x: x.reshape((n, -1) + x.shape[1:]), batch)


def data_loader(dataset, batch_size):
    n = len(dataset["input_ids"])
    for start in range(0, n, batch_size):
        yield {k: v[start:start + batch_size] for k, v in dataset.items()}


def evaluate(params, dataset, batch_size):
    metrics = []
    for batch in data_loader(dataset, batch_size):
        metrics.append(p_eval_step(params, shard(batch)))  # expect: JAX404
    return metrics


def run():
    rng = np.random.default_rng(0)
    dataset = {"input_ids": rng.normal(size=(10, 3)).astype(np.float32),
               "labels": rng.normal(size=(10, 2)).astype(np.float32)}
    params = replicate({"w": jnp.ones((3, 2))})
    return evaluate(params, dataset, batch_size=4)
