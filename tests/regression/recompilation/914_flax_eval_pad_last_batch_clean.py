"""Clean look-alike: the fix -- the incomplete last batch is padded to the full
batch size (with a mask), so the ``pmap``'d eval step keeps a single shape.

Source: https://github.com/huggingface/transformers/pull/17863
"This PR corrects for the incomplete batches in the relevant Flax training
examples" by padding the final batch instead of dropping it.

(On jax 0.10.2 ``pmap`` is lowered through an internal function logged as
``jit(_fun)``, so the compile count is reported under that name.)

Observed on jax 0.10.2: _fun compiled 1 times
"""
import jax
import jax.numpy as jnp
import numpy as np


def eval_step(params, batch):
    logits = batch["input_ids"] @ params["w"]
    err = jnp.sum((logits - batch["labels"]) ** 2, axis=-1) * batch["mask"]
    return jax.lax.psum({"sse": jnp.sum(err), "n": jnp.sum(batch["mask"])}, axis_name="batch")


p_eval_step = jax.pmap(eval_step, axis_name="batch")


def replicate(tree):
    n = jax.local_device_count()
    return jax.tree_util.tree_map(lambda x: jnp.broadcast_to(x, (n,) + x.shape), tree)


def shard(batch):
    n = jax.local_device_count()
    return jax.tree_util.tree_map(lambda x: x.reshape((n, -1) + x.shape[1:]), batch)


def pad_batch(batch, batch_size):
    n = len(batch["input_ids"])
    out = {k: np.concatenate([v, np.zeros((batch_size - n,) + v.shape[1:], v.dtype)]) for k, v in batch.items()}
    out["mask"] = (np.arange(batch_size) < n).astype(np.float32)
    return out


def data_loader(dataset, batch_size):
    n = len(dataset["input_ids"])
    for start in range(0, n, batch_size):
        yield pad_batch({k: v[start:start + batch_size] for k, v in dataset.items()}, batch_size)


def run():
    rng = np.random.default_rng(0)
    dataset = {"input_ids": rng.normal(size=(10, 3)).astype(np.float32),
               "labels": rng.normal(size=(10, 2)).astype(np.float32)}
    params = replicate({"w": jnp.ones((3, 2))})
    return [p_eval_step(params, shard(b)) for b in data_loader(dataset, 4)]
