from functools import partial
from typing import Callable

import equinox as eqx
import jax
import jax.numpy as jnp
import optax


@partial(jax.jit, static_argnums=[3, 5, 6])
def learn_batch(
        start: jnp.ndarray,
        end: jnp.ndarray,
        model_params,
        model_static,
        optimizer_state: optax.OptState,
        optimizer_static,
        loss_function: Callable):
    """
    Learn model on a data batch.
    """
    loss, grad = eqx.filter_value_and_grad(loss_function)(
        model_params, model_static, end, start)

    updates, new_optimizer_state = optimizer_static.update(grad, optimizer_state)

    model = eqx.combine(model_params, model_static)
    new_model = eqx.apply_updates(model, updates)
    new_params, _ = eqx.partition(new_model, eqx.is_array)

    return new_params, new_optimizer_state, loss


def train(model, data_iterator, learning_rate: float, n_epochs: int, loss_function: Callable):
    optimizer = optax.adam(learning_rate)
    optimizer_state = optimizer.init(eqx.filter(model, eqx.is_array))

    model_params, model_static = eqx.partition(model, eqx.is_array)

    losses = []
    for epoch in range(n_epochs):
        for data in data_iterator:
            model_params, optimizer_state, loss = learn_batch(
                data["start"], data["end"], model_params, model_static,
                optimizer_state, optimizer, loss_function)
            losses.append(loss)

    return eqx.combine(model_params, model_static), jnp.array(losses)
