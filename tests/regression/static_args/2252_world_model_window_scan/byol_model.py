import functools
from typing import NamedTuple, Tuple

import jax
import jax.numpy as jnp

from byol_utils import l2_normalize


class MLPLatentWorldModel:
    '''Stand-in for the haiku-transformed world model: apply(params, obs, actions).'''
    def init(self, key, obs, actions):
        k1, k2 = jax.random.split(key)
        return {'enc': jax.random.normal(k1, (obs.shape[-1] + actions.shape[-1], 8)) * 0.1,
                'pred': jax.random.normal(k2, (8, 8)) * 0.1}

    def apply(self, params, obs, actions):
        emb = jnp.tanh(jnp.concatenate([obs, actions], -1) @ params['enc'])  # (T, B, 8)
        return emb @ params['pred'], emb


class BYOLTrainState(NamedTuple):
    wm_params: dict
    target_params: dict


class WorldModelTrainer:
    '''World model trainer for D4RL tasks.'''
    def __init__(self, obs_dim, action_dim, seed=0):
        self.wm = MLPLatentWorldModel()
        k1, k2 = jax.random.split(jax.random.PRNGKey(seed))
        wm_params = self.wm.init(k1, jnp.zeros((2, 1, obs_dim)), jnp.zeros((2, 1, action_dim)))
        target_params = self.wm.init(k2, jnp.zeros((2, 1, obs_dim)), jnp.zeros((2, 1, action_dim)))
        self.train_state = BYOLTrainState(wm_params=wm_params, target_params=target_params)

    def wm_loss_fn_window_size(self, wm_params, target_params, obs_seq, action_seq,
                               window_size: int) -> Tuple[jnp.ndarray, jnp.ndarray]:
        T, B = obs_seq.shape[:2]

        # define body function for given starting index 'idx' that goes into jax.lax.scan
        @functools.partial(jax.jit, static_argnums=1)
        def body_fn(curr_state, idx):
            curr_loss, curr_loss_window = curr_state
            # get window starting from idx onward of obs, action
            obs_window = obs_seq[idx: idx + window_size]  # (ws, B, *obs_dims)
            action_window = action_seq[idx: idx + window_size]  # (ws, B, action_dim)

            pred_latents, _ = self.wm.apply(wm_params, obs_window, action_window)
            pred_latents = jnp.reshape(pred_latents, (-1,) + pred_latents.shape[2:])
            _, target_latents = self.wm.apply(target_params, obs_window, action_window)
            target_latents = jnp.reshape(target_latents, (-1,) + target_latents.shape[2:])

            pred_latents = l2_normalize(pred_latents)
            target_latents = l2_normalize(target_latents)

            mses = jnp.square(pred_latents - jax.lax.stop_gradient(target_latents))  # (ws * B, embed_dim)
            mses = jnp.reshape(mses, (-1, B) + mses.shape[1:])
            loss_vec = jnp.sum(mses, -1)  # (ws, B)
            new_loss_window = curr_loss_window.at[idx: idx + window_size].add(loss_vec)
            return (curr_loss + loss_vec.mean(), new_loss_window), 0  # dummy stuff here

        init_val = (0.0, jnp.zeros((T, B)))
        (total_loss, loss_window), _ = jax.lax.scan(body_fn, init_val, jnp.arange(T - window_size))  # expect: JAX302
        return total_loss, loss_window
