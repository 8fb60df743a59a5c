import jax
import jax.numpy as jnp

from state import TrainState


def _train_step(state, metrics, batch):
    x, y = batch

    def loss_fn(params):
        pred = x @ params["w"] + params["b"]
        return jnp.mean((pred - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    params = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, state.params, grads)
    new_metrics = {"loss": loss, "count": metrics["count"] + 1}
    return TrainState(state.step + 1, params, state.rng), new_metrics


def make_train_step():
    # copied from a pad_shard_unpad call that marked state and metrics as static
    return jax.jit(_train_step, static_argnums=(0, 1))


def fit(state, batches):
    train_step = make_train_step()
    metrics = {"loss": 0.0, "count": 0}
    for batch in batches:
        state, metrics = train_step(state, metrics, batch)  # expect: JAX302
    return state, metrics
