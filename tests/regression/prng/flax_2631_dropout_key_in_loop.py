"""Rebuilt from https://github.com/google/flax/pull/2631 (review of the dropout tutorial): the
train loop passed one `dropout_key` to every step, so every step drops the same units."""
import jax


@jax.jit
def train_step(state, batch, dropout_key):
    def loss_fn(params):
        logits = state.apply_fn({"params": params}, batch["image"], training=True, rngs={"dropout": dropout_key})
        return (logits - batch["label"]).mean()

    grads = jax.grad(loss_fn)(state.params)
    return state.apply_gradients(grads=grads)


def train(state, batches, dropout_key):
    for batch in batches:
        state = train_step(state, batch, dropout_key)  # expect: JAX503
    return state
