"""Next-word training loop of a from-scratch JAX transformer (notebook): the padded
prefixes are stacked into one array and the epoch loop slices
`next_word_train_data[i:i + batch_size]` with `range(0, len(...), batch_size)`. The
number of examples is not a multiple of 512, so the last slice of every epoch is
shorter; `jax.value_and_grad(loss_fn)` on the jitted cross-entropy loss therefore sees a
second batch shape and is compiled again for the ragged tail.

Source: https://github.com/le-big-mac/Jaxformer/blob/6e6e914f00da9bfe9935f00447a9958acbabb391/run_basic.ipynb
Observed on jax 0.10.x: cross_entropy_loss compiled 4 times; sgd_update compiled 1 times
"""
import jax
import jax.numpy as jnp

from model import init_model, model
from training import get_cross_entropy_loss, sgd_update


def run():
    rng = jax.random.PRNGKey(0)
    vocab_size, max_len, d_model = 50, 12, 16
    k1, k2 = jax.random.split(rng)
    next_word_train_data = jax.random.randint(k1, (1100, max_len), 0, vocab_size)
    next_word_train_labels = jax.nn.one_hot(jax.random.randint(k2, (1100,), 0, vocab_size), vocab_size)
    positional_encodings = jnp.zeros((max_len, d_model))
    param_dict = init_model(rng, vocab_size, d_model)

    learning_rate = 0.005
    num_epochs = 2
    batch_size = 512
    loss_fn = get_cross_entropy_loss(model)

    for epoch in range(num_epochs):
        for i in range(0, len(next_word_train_data), batch_size):
            batch_data = next_word_train_data[i:i + batch_size]
            batch_labels = next_word_train_labels[i:i + batch_size]
            loss, grads = jax.value_and_grad(loss_fn)(param_dict, positional_encodings, batch_data, batch_labels)  # expect: JAX404
            param_dict = sgd_update(param_dict, grads, learning_rate)
    return loss


if __name__ == "__main__":
    run()
