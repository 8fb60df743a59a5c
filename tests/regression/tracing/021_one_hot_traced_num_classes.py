"""`jax.nn.one_hot(labels, num_classes)` with the class count passed through `jit`.

Source: https://github.com/jax-ml/jax/pull/3656
`jit(one_hot)(3, 5)` produced a confusing error: `num_classes` sets the output size and must
be concrete, but under `jit` it is traced.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

from jax import jit
from jax.nn import one_hot
import jax.numpy as jnp


@jit
def cross_entropy(logits, labels, num_classes):
    targets = one_hot(labels, num_classes)  # expect: JAX204
    return -jnp.sum(targets * jax_log_softmax(logits))


def jax_log_softmax(logits):
    return logits - jnp.log(jnp.sum(jnp.exp(logits), axis=-1, keepdims=True))


def run():
    return cross_entropy(jnp.zeros((2, 5)), jnp.array([1, 3]), 5)
