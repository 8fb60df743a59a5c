"""The fixed byol-offline world-model trainer: the sliding-window loss is a
`jax.lax.fori_loop` whose body masks the sequence with `jnp.where` instead of slicing at a
static index, and only `wm_loss_fn` is jitted, with `static_argnames=('self')` (a bare
string, which jit accepts as one name). The trainer object is created once and
hashes by identity, its world-model apply never changes, and the parameters travel as
arguments, so three update steps reuse what the first step compiled (the
differentiated loss compiles as two programs, forward and backward, whether it runs for
one step or three).

Source: https://github.com/dhruvsreenivas/byol-offline/blob/3f9a28fc79f150448c4ebd8feef729c2239a9e2d/byol_offline/models/byol_model.py#L171
Observed on jax 0.10.x: wm_loss_fn compiled 2 times
"""
import functools
from typing import NamedTuple, Optional, Tuple

import jax
import jax.numpy as jnp
import optax


def l2_normalize(x, axis: Optional[int] = None, epsilon: float = 1e-12):
    square_sum = jnp.sum(jnp.square(x), axis=axis, keepdims=True)
    return x * jax.lax.rsqrt(jnp.maximum(square_sum, epsilon))


def sliding_window(arr, idx, window_size):
    '''Get the relevant mask for given array, starting at index, with specific window size.'''
    ndims = jnp.ndim(arr)
    mask = jnp.arange(arr.shape[0])
    mask = jnp.expand_dims(mask, axis=range(1, ndims))
    mask = jnp.tile(mask, (1,) + arr.shape[1:])
    mask = (mask >= idx) * (mask < idx + window_size) * (idx + window_size < arr.shape[0])
    return jnp.where(mask, arr, 0)


class MLPLatentWorldModel:
    def init(self, key, obs, actions):
        k1, k2 = jax.random.split(key)
        return {'enc': jax.random.normal(k1, (obs.shape[-1] + actions.shape[-1], 8)) * 0.1,
                'pred': jax.random.normal(k2, (8, 8)) * 0.1}

    def apply(self, params, obs, actions):
        emb = jnp.tanh(jnp.concatenate([obs, actions], -1) @ params['enc'])
        return emb @ params['pred'], emb


class BYOLTrainState(NamedTuple):
    wm_params: dict
    target_params: dict
    wm_opt_state: optax.OptState


class WorldModelTrainer:
    def __init__(self, obs_dim, action_dim, lr=1e-3, ema=0.99):
        self.wm = MLPLatentWorldModel()
        k1, k2 = jax.random.split(jax.random.PRNGKey(0))
        wm_params = self.wm.init(k1, jnp.zeros((2, 1, obs_dim)), jnp.zeros((2, 1, action_dim)))
        target_params = self.wm.init(k2, jnp.zeros((2, 1, obs_dim)), jnp.zeros((2, 1, action_dim)))
        self.wm_opt = optax.adam(lr)
        self.train_state = BYOLTrainState(wm_params, target_params, self.wm_opt.init(wm_params))
        self.ema = ema

    def wm_loss_fn_window_size(self, wm_params, target_params, obs_seq, action_seq, window_size):
        T, B = obs_seq.shape[:2]

        def body_fn(idx: int, curr_state: Tuple[float, jnp.ndarray]):
            curr_loss, curr_loss_window = curr_state
            obs_window = sliding_window(obs_seq, idx, window_size)
            action_window = sliding_window(action_seq, idx, window_size)
            pred_latents, _ = self.wm.apply(wm_params, obs_window, action_window)
            pred_latents = jnp.reshape(pred_latents, (-1,) + pred_latents.shape[2:])
            _, target_latents = self.wm.apply(target_params, obs_window, action_window)
            target_latents = jnp.reshape(target_latents, (-1,) + target_latents.shape[2:])
            pred_latents = l2_normalize(pred_latents, axis=-1)
            target_latents = l2_normalize(target_latents, axis=-1)
            mses = jnp.square(pred_latents - jax.lax.stop_gradient(target_latents))
            mses = jnp.reshape(mses, (-1, B) + mses.shape[1:])
            mses = sliding_window(mses, idx, window_size)  # to get 0 losses for indices not in window
            loss_vec = jnp.sum(mses, -1)
            return curr_loss + loss_vec.mean(), curr_loss_window + loss_vec

        init_val = (0.0, jnp.zeros((T, B)))
        return jax.lax.fori_loop(0, T, body_fn, init_val)

    @functools.partial(jax.jit, static_argnames=('self'))
    def wm_loss_fn(self, wm_params, target_params, obs_seq, action_seq):
        T, B = obs_seq.shape[:2]

        def ws_body_fn(ws, curr_state):
            curr_loss, curr_loss_window = curr_state
            loss, loss_window = self.wm_loss_fn_window_size(wm_params, target_params, obs_seq, action_seq, ws)
            return curr_loss + loss, curr_loss_window + loss_window

        init_state = (0.0, jnp.zeros((T, B)))
        total_loss, total_loss_window = jax.lax.fori_loop(1, T + 1, ws_body_fn, init_state)
        return total_loss / T, total_loss_window / T

    def update(self, obs, actions, step):
        del step
        loss_grad_fn = jax.value_and_grad(self.wm_loss_fn, has_aux=True)
        (loss, _), grads = loss_grad_fn(self.train_state.wm_params, self.train_state.target_params, obs, actions)
        update, new_opt_state = self.wm_opt.update(grads, self.train_state.wm_opt_state)
        new_params = optax.apply_updates(self.train_state.wm_params, update)
        new_target = jax.tree_util.tree_map(lambda x, y: self.ema * x + (1.0 - self.ema) * y,
                                            self.train_state.target_params, new_params)
        self.train_state = BYOLTrainState(new_params, new_target, new_opt_state)
        return {'wm_loss': loss}


def run():
    trainer = WorldModelTrainer(obs_dim=4, action_dim=2)
    key = jax.random.PRNGKey(1)
    for step in range(3):
        key, k1, k2 = jax.random.split(key, 3)
        trainer.update(jax.random.normal(k1, (6, 3, 4)), jax.random.normal(k2, (6, 3, 2)), step)
    return 0


if __name__ == "__main__":
    print(run())
