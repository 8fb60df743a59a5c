from typing import Dict

import jax
import jax.numpy as jnp


class VanillaPPO:
    def __init__(self, key_init_networks, obs_dim: int, learning_rate: float) -> None:
        w_key, _ = jax.random.split(key_init_networks)
        self.value_params = {"w": 0.1 * jax.random.normal(w_key, (obs_dim, 1)), "b": jnp.zeros((1,))}
        self.learning_rate = learning_rate

        def value_(value_params, observation):
            return observation @ value_params["w"] + value_params["b"]

        self.value = jax.jit(value_)
        self.value_and_grad_value_loss = jax.jit(jax.value_and_grad(self.value_loss))

    def value_loss(self, value_params, batch: Dict):
        target_value = jax.lax.stop_gradient(batch["value_t"] + batch["advantage_t"])
        predicted_value = self.value(value_params, batch["observation_t"])
        return jnp.mean(jnp.square(target_value - predicted_value))

    def update(self, batch: Dict):
        value_loss, value_gradients = self.value_and_grad_value_loss(self.value_params, batch)  # expect: JAX404
        self.value_params = jax.tree_util.tree_map(
            lambda p, g: p - self.learning_rate * g, self.value_params, value_gradients)
        return value_loss
