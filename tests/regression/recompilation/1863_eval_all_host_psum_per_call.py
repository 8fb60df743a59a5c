"""SAM's Flax training loop (sam_jax/training_utils/flax_training.py) evaluates
on the train and test sets after every epoch with ``eval_on_dataset``. To count
the real (unpadded) examples it builds
``all_host_psum = jax.pmap(lambda x: jax.lax.psum(x, 'i'), 'i')`` at the top of
``eval_on_dataset``. The lambda is a new function object on every evaluation,
so the psum program is compiled again at every call, once per epoch and per
split, while ``pmapped_eval_step`` (built once before the epoch loop) is reused.
(jax 0.10 logs pmap compilations under the name ``_fun``: 4 are the psum
lambda, one per evaluation, and 1 is the eval step.)

Source: https://github.com/google-research/sam/blob/dae9904c4cf3a57a304f7b04cecffe371679c702/sam_jax/training_utils/flax_training.py#L669
Observed on jax 0.10.x: _fun compiled 5 times
"""
import jax
import jax.numpy as jnp
import numpy as np


def eval_step(params, batch):
    logits = batch["image"] @ params["w"]
    labels = jax.nn.one_hot(batch["label"], logits.shape[-1])
    loss = -jnp.sum(labels * jax.nn.log_softmax(logits), axis=-1)
    error = (jnp.argmax(logits, -1) != batch["label"]).astype(jnp.float32)
    metrics = {"loss": jnp.sum(loss * batch["mask"]), "error_rate": jnp.sum(error * batch["mask"])}
    return jax.lax.psum(metrics, "batch")


def load_and_shard_batch(batch):
    n = jax.local_device_count()
    return jax.tree_util.tree_map(lambda x: x.reshape((n, -1) + x.shape[1:]), batch)


def eval_on_dataset(params, dataset, pmapped_eval_step):
    eval_metrics = []
    total_num_samples = 0
    all_host_psum = jax.pmap(lambda x: jax.lax.psum(x, 'i'), 'i')

    for eval_batch in dataset:
        eval_batch = load_and_shard_batch(eval_batch)
        metrics = pmapped_eval_step(params, eval_batch)
        eval_metrics.append(metrics)
        total_num_samples += all_host_psum(eval_batch['mask'])[0].sum()  # expect: JAX402,JAX401

    eval_metrics = jax.tree_util.tree_map(lambda *x: np.stack(x), *eval_metrics)
    return jax.tree_util.tree_map(lambda x: x.sum() / total_num_samples, eval_metrics)


def make_dataset(rng, n_batches=3, batch_size=8):
    for _ in range(n_batches):
        yield {"image": rng.standard_normal((batch_size, 16)).astype(np.float32),
               "label": rng.integers(0, 10, batch_size),
               "mask": (rng.random(batch_size) > 0.2).astype(np.float32)}


def run():
    rng = np.random.default_rng(0)
    n = jax.local_device_count()
    params = {"w": jnp.zeros((n, 16, 10))}  # replicated: leading device axis
    pmapped_eval_step = jax.pmap(eval_step, axis_name="batch")
    for epoch in range(2):
        eval_on_dataset(params, make_dataset(rng), pmapped_eval_step)   # train split
        eval_on_dataset(params, make_dataset(rng), pmapped_eval_step)   # test split
