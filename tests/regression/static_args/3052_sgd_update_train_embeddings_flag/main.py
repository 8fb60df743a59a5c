"""A from-scratch JAX transformer (Jaxformer) has `sgd_update(param_dict, grads,
learning_rate, train_embeddings=True)` decorated with plain `@jit`; the Python flag
`train_embeddings` chooses in an `if` whether the embedding table is updated. The
training notebook only ever relied on the default, but when the user fine-tunes with
frozen embeddings (`sgd_update(..., False)`) the flag arrives as a traced boolean --
it was never declared static -- and the `if` fails.

Source: https://github.com/le-big-mac/Jaxformer/blob/6e6e914f00da9bfe9935f00447a9958acbabb391/basic/training.py#L9
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from training import get_cross_entropy_loss, sgd_update


def model(param_dict, positional_encoding, x):
    h = param_dict["embeddings"][x].mean(axis=1) + positional_encoding.mean()
    return jax.nn.softmax(h @ param_dict["out"])


def run():
    k1, k2 = jax.random.split(jax.random.PRNGKey(0))
    param_dict = {"embeddings": jax.random.normal(k1, (20, 8)),
                  "out": jax.random.normal(k2, (8, 20))}
    positional_encodings = jnp.ones((6, 8))
    x = jnp.arange(12).reshape(2, 6) % 20
    y = jax.nn.one_hot(jnp.array([3, 7]), 20)
    loss_fn = get_cross_entropy_loss(model)
    loss, grads = jax.value_and_grad(loss_fn)(param_dict, positional_encodings, x, y)
    param_dict = sgd_update(param_dict, grads, 0.005)
    # fine-tuning stage: keep the pretrained embeddings frozen
    loss, grads = jax.value_and_grad(loss_fn)(param_dict, positional_encodings, x, y)
    return sgd_update(param_dict, grads, 0.005, False)


if __name__ == "__main__":
    run()
