"""Running metrics pytree whose implicit counts all match `empty()` (fixed).

Source: https://github.com/google/CommonLoopUtils/commit/b6e167e13347c18bfe35317c6fb41d938b768e43
What happened: CLU's `Average.from_model_output` produced float counts while
`Average.empty()` used `jnp.int32`, so a jitted merge loop recompiled on its second call.
The commit changed the count to `jnp.where(mask, jnp.ones_like(values, dtype=jnp.int32),
jnp.zeros_like(values, dtype=jnp.int32)).sum()` (and `_ReductionCounter(jnp.array(1,
dtype=jnp.int32))`), so the merged collection has exactly the input's dtypes.  Same
metrics/eval loop as the hazard with the int32 counts.

Observed on jax 0.10.2: merge_collection compiled 1 times
"""
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Average:
    total: jax.Array
    count: jax.Array

    @classmethod
    def empty(cls):
        return cls(total=jnp.array(0, jnp.float32), count=jnp.array(0, jnp.int32))

    @classmethod
    def from_model_output(cls, values, mask=None):
        if mask is None:
            mask = jnp.ones(values.shape[0], dtype=bool)
        return cls(
            total=jnp.where(mask, values, jnp.zeros_like(values)).sum(),
            count=jnp.where(mask, jnp.ones_like(values, dtype=jnp.int32),
                            jnp.zeros_like(values, dtype=jnp.int32)).sum(),
        )

    def merge(self, other):
        return type(self)(total=self.total + other.total, count=self.count + other.count)

    def compute(self):
        return self.total / self.count


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class TrainMetrics:
    loss: Average
    accuracy: Average

    @classmethod
    def empty(cls):
        return cls(loss=Average.empty(), accuracy=Average.empty())

    @classmethod
    def single_from_model_output(cls, *, loss, logits, labels):
        correct = (jnp.argmax(logits, -1) == labels).astype(jnp.float32)
        return cls(loss=Average.from_model_output(loss),
                   accuracy=Average.from_model_output(correct))

    def merge(self, other):
        return type(self)(loss=self.loss.merge(other.loss),
                          accuracy=self.accuracy.merge(other.accuracy))


@jax.jit
def merge_collection(params, batch, collection):
    logits = batch["image"] @ params["w"]
    loss = -jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(batch["label"], 3), -1)
    update = TrainMetrics.single_from_model_output(loss=loss, logits=logits,
                                                   labels=batch["label"])
    return collection.merge(update)


def run():
    params = {"w": 0.1 * jax.random.normal(jax.random.PRNGKey(0), (5, 3))}
    collection = TrainMetrics.empty()
    for i in range(4):
        batch = {"image": jax.random.normal(jax.random.PRNGKey(i), (8, 5)),
                 "label": jnp.arange(8) % 3}
        collection = merge_collection(params, batch, collection)
    return float(collection.loss.compute())


if __name__ == "__main__":
    print(run())
