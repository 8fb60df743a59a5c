from functools import partial

import jax
import jax.numpy as jnp

from .base_algorithm import BaseAlgorithm


class SACDisCor(BaseAlgorithm):
    def __init__(self, seed=0, num_critics=2, gamma=0.99):
        super().__init__(seed)
        self.num_critics = num_critics
        self.gamma = gamma
        self.rm_error_list = [jnp.array(10.0) for _ in range(num_critics)]
        self.params_actor = {"w": jnp.ones((3, 1))}
        self.params_error_target = [{"w": jnp.full((4, 1), 0.1 * (i + 1))} for i in range(num_critics)]

    def _explore(self, params_actor, state, key):
        mean = jnp.tanh(state @ params_actor["w"])
        return jnp.tanh(mean + 0.3 * jax.random.normal(key, mean.shape))

    @partial(jax.jit, static_argnums=0)
    def _calculate_error_list(self, params_actor, params_error, state, key):
        action = self._explore(params_actor, state, key)
        x = jnp.concatenate([state, action], axis=-1)
        return [jnp.abs(x @ p["w"]) for p in params_error]

    @partial(jax.jit, static_argnums=0)
    def _calculate_weight_list(self, params_actor, params_error_target, rm_error_list, done, next_state, key):
        next_error_list = self._calculate_error_list(params_actor, params_error_target, next_state, key)
        weight_list = []
        for next_error, rm_error in zip(next_error_list, rm_error_list):
            x = -(1.0 - done) * self.gamma * next_error / rm_error
            weight_list.append(jax.lax.stop_gradient(jax.nn.softmax(x, axis=0) * x.shape[0]))
        return weight_list

    def update(self, batch):
        self.learning_step += 1
        state, done, next_state = batch
        weight_list = self._calculate_weight_list(
            params_actor=self.params_actor,
            params_error_target=self.params_error_target,
            rm_error_list=self.rm_error_list,
            done=done,
            next_state=next_state,
            key=next(self.rng),
        )
        return weight_list
