from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import optax


class TrainState(NamedTuple):
    step: Any
    params: Any
    opt_state: Any
    dropout_rng: Any


def apply_fn(params, noisy_sample, timesteps, dropout_rng, train: bool):
    h = jnp.tanh(noisy_sample @ params['w'] + 0.01 * timesteps[:, None])
    if train:
        keep = jax.random.bernoulli(dropout_rng, 0.9, h.shape)
        h = jnp.where(keep, h / 0.9, 0.0)
    return h @ params['out']


class DDPMTrainer:
    def __init__(self, seed=0):
        self.rng_key = jax.random.PRNGKey(seed)
        self.tx = optax.adam(1e-3)

    def init_state(self, dim=6):
        params_key, dropout_key, self.rng_key = jax.random.split(self.rng_key, 3)
        k1, k2 = jax.random.split(params_key)
        params = {'w': 0.1 * jax.random.normal(k1, (dim, 8)), 'out': 0.1 * jax.random.normal(k2, (8, dim))}
        return TrainState(jnp.array(0), params, self.tx.init(params), dropout_key)

    def create_function(self):
        tx = self.tx

        def loss_fn(params, state: TrainState, noises, noisy_sample, timesteps, train: bool):
            predicts = apply_fn(params, noisy_sample, timesteps, state.dropout_rng, train)
            return jnp.mean((predicts - noises) ** 2)

        def train_step(state: TrainState, noises, noisy_sample, timesteps):
            loss_value, grads = jax.value_and_grad(loss_fn)(state.params, state, noises, noisy_sample,
                                                            timesteps, train=True)
            # update the dropout rng!
            dropout_rng = jax.random.fold_in(state.dropout_rng, data=state.step)
            updates, opt_state = tx.update(grads, state.opt_state, state.params)
            new_state = TrainState(state.step + 1, optax.apply_updates(state.params, updates), opt_state, dropout_rng)
            return {'loss': loss_value}, new_state

        return loss_fn, train_step
