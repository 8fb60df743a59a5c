"""CLU-style metrics: small dataclass pytrees with empty / from_model_output / merge."""
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
            count=jnp.where(mask, jnp.ones_like(values),
                            jnp.zeros_like(values)).sum(),
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
