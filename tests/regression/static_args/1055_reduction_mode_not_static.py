"""A string ``reduction`` option passed to a jitted loss without static marking.

Source: https://github.com/jax-ml/jax/pull/23860
What happened: calling a jitted function with a string argument failed with an
opaque error; the PR improved the message to say the argument "was not marked as
static using the static_argnums or static_argnames parameters of jax.jit".
Observed on jax 0.10.2: raises TypeError
"""
import jax
import jax.numpy as jnp


@jax.jit
def cross_entropy(logits, labels, reduction="mean"):
    logp = jax.nn.log_softmax(logits)
    per_example = -jnp.take_along_axis(logp, labels[:, None], axis=1)[:, 0]
    if reduction == "sum":
        return per_example.sum()
    return per_example.mean()


def run():
    logits = jnp.zeros((4, 3))
    labels = jnp.array([0, 1, 2, 0])
    return cross_entropy(logits, labels, "sum")  # expect: JAX306
