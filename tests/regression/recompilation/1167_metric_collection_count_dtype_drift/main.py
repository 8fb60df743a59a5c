"""Running metrics pytree starts with int32 counts and comes back with float counts.

Source: https://github.com/google/CommonLoopUtils/commit/b6e167e13347c18bfe35317c6fb41d938b768e43
What happened: in clu/metrics.py `Average.empty()` returned
`cls(total=jnp.array(0, jnp.float32), count=jnp.array(0, jnp.int32))`, but
`Average.from_model_output` computed `count=jnp.where(mask, jnp.ones_like(values),
jnp.zeros_like(values)).sum()` -- a float count -- and `Collection.empty()` used a weakly
typed `_ReductionCounter(jnp.array(1))`.  A jitted `merge_collection(model_output,
collection)` fed with `CollectionWithoutCollecting.empty()` therefore returned a collection
whose leaves had different dtypes than its input, and the second loop iteration retraced
and recompiled.  Jesse Farebrother's commit "Make sure all implicit types match that of
`Metric.empty` to prevent re-tracing" made every implicit count `jnp.int32` and added a
`chex.assert_max_traces(n=1)` test looping over batches.  Here the metrics module keeps
the float count, the train module jits the merge, and the driver loops over 4 batches.

Observed on jax 0.10.2: merge_collection compiled 2 times
"""
import jax
import jax.numpy as jnp

from metrics import TrainMetrics
from train import merge_collection


def evaluate(params, batches):
    collection = TrainMetrics.empty()
    for batch in batches:
        collection = merge_collection(params, batch, collection)  # expect: JAX406
    return collection.loss.compute(), collection.accuracy.compute()


def run():
    params = {"w": 0.1 * jax.random.normal(jax.random.PRNGKey(0), (5, 3))}
    batches = [
        {"image": jax.random.normal(jax.random.PRNGKey(i), (8, 5)),
         "label": jnp.arange(8) % 3}
        for i in range(4)
    ]
    loss, acc = evaluate(params, batches)
    return float(loss)


if __name__ == "__main__":
    print(run())
