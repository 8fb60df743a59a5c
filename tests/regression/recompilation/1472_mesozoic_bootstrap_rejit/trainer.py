import jax
import jax.numpy as jnp


class PPOTrainer:
    def __init__(self, gamma=0.99):
        self.gamma = gamma
        self.params = {"w": jnp.ones((8, 1)) * 0.1}

    def _bootstrap_value(self, params, last_obs, done):
        v = (last_obs @ params["w"])[0]
        return jnp.where(done, 0.0, self.gamma * v)

    def update(self, rollout):
        last_obs, dones = rollout
        batched_bootstrap = jax.jit(jax.vmap(self._bootstrap_value, in_axes=(None, 0, 0)))
        values = batched_bootstrap(self.params, last_obs, dones)  # expect: JAX402
        self.params = {"w": self.params["w"] + 1e-3 * values.mean()}
        return values
