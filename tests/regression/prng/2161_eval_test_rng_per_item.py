"""Nerfies' `process_iterator` evaluates test items in a loop and, for each one, rebuilds
`test_rng = random.PRNGKey(step)` from the unchanged training step before drawing the
appearance/warp/camera id with `random.choice(test_rng, ...)`. Every item of the test
set is therefore rendered with the same randomly chosen appearance id instead of a
random one per item.

Source: https://github.com/google/nerfies/blob/1a38512214cfa14286ef0561992cca9398265e13/eval.py#L171
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax.numpy as jnp
from jax import random


class DataSource:
    use_appearance_id = True
    appearance_ids = list(range(40))


def process_iterator(item_ids, iterator, step, datasource):
    chosen = []
    for i, (item_id, batch) in enumerate(zip(item_ids, iterator)):
        test_rng = random.PRNGKey(step)  # expect: JAX503
        shape = batch["origins"][..., :1].shape
        metadata = {}
        if datasource.use_appearance_id:
            appearance_id = random.choice(test_rng, jnp.asarray(datasource.appearance_ids))
            metadata["appearance"] = jnp.full(shape, fill_value=appearance_id, dtype=jnp.uint32)
        chosen.append(int(appearance_id))
    return chosen


def run():
    item_ids = ["000001", "000002", "000003", "000004"]
    batches = [{"origins": jnp.zeros((8, 8, 3))} for _ in item_ids]
    ids = process_iterator(item_ids, iter(batches), step=250000, datasource=DataSource())
    return sum(a == b for a, b in zip(ids, ids[1:]))
