from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import optax


@partial(jax.jit, static_argnums=[1, 4, 5])
def prediction_loss(
        model_params,
        model_static: eqx.Module,
        sequence: jax.Array,
        attributes: jax.Array,
        sequential_mode: bool,
        single_state_loss: bool):
    model = eqx.combine(model_params, model_static)
    model_fn = lambda x, y: model(x, y, sequential_mode)
    pred = jax.vmap(model_fn)(sequence, attributes)
    if single_state_loss:
        loss = jnp.mean((pred[:, -1] - sequence[:, -1]) ** 2)
    else:
        loss = jnp.mean((pred - sequence) ** 2)
    return loss, pred


value_and_grad = eqx.filter_value_and_grad(prediction_loss, has_aux=True)


@partial(jax.jit, static_argnums=[3, 5, 6, 7])
def learn_batch(
        sequence: jax.Array,
        attributes: jax.Array,
        model_params,
        model_static: eqx.Module,
        optimizer_state: optax.OptState,
        optimizer_static,
        sequential_mode: bool,
        single_state_loss: bool):
    (loss, _), grad = value_and_grad(
        model_params, model_static, sequence, attributes, sequential_mode, single_state_loss)
    updates, optimizer_state = optimizer_static.update(grad, optimizer_state)
    model = eqx.combine(model_params, model_static)
    model = eqx.apply_updates(model, updates)
    model_params, model_static = eqx.partition(model, eqx.is_array)
    return model_params, optimizer_state, loss
