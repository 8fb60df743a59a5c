"""Cosmology initial-condition predictor trained with equinox. The model is split with
`eqx.partition(model, eqx.is_array)`; `learn_batch` is jitted with `static_argnums=[3, 5, 6, 7]`
for the static half of the model, the optax optimizer and two bool flags, but the training loop
calls it with every argument passed BY KEYWORD. jax maps static_argnums to the parameter names,
so the keyword arguments are still static; the equinox static half (a frozen module holding only
non-array fields), the optax GradientTransformation built once before the loop and the bools are
all hashable and the same every step, so learn_batch compiles once.

Source: https://github.com/andrinr/IC-prediction/blob/784527e401e199d98a19390ba000e97d37e2bdc8/src/nn/trainer.py#L132
Observed on jax 0.10.x: learn_batch compiled 1 times
"""
import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from trainer import learn_batch


class SequentialNet(eqx.Module):
    lin: eqx.nn.Linear
    depth: int = 1

    def __init__(self, size, key):
        self.lin = eqx.nn.Linear(size, size, key=key)

    def __call__(self, x, attributes, sequential_mode):
        h = jax.nn.gelu(jax.vmap(self.lin)(x))
        return h + attributes if sequential_mode else h


def train_model(model_params, model_static, train_data, learning_rate, n_epochs,
                sequential_mode, single_state_loss):
    optimizer = optax.adam(learning_rate)
    optimizer_state = optimizer.init(model_params)
    for epoch in range(n_epochs):
        for data in train_data:
            model_params, optimizer_state, loss = learn_batch(
                sequence=data['data'],
                attributes=data['attributes'],
                model_params=model_params,
                model_static=model_static,
                optimizer_state=optimizer_state,
                optimizer_static=optimizer,
                sequential_mode=sequential_mode,
                single_state_loss=single_state_loss)
    return model_params


def run():
    key = jax.random.PRNGKey(0)
    model = SequentialNet(6, key)
    model_params, model_static = eqx.partition(model, eqx.is_array)
    train_data = [{'data': jax.random.normal(k, (2, 3, 6)), 'attributes': jnp.ones((2, 3, 6))}
                  for k in jax.random.split(key, 3)]
    train_model(model_params, model_static, train_data, 1e-3, 2, True, False)
    return 0
