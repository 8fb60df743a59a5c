import jax
import jax.numpy as jnp


class Noise:
    def __init__(self, seed, device, bias_drift_covariance, noise_covariance):
        self.key = jax.random.fold_in(jax.random.key(seed), device)
        self.bias_drift_covariance = bias_drift_covariance
        self.noise_covariance = noise_covariance

    def drift_bias(self, bias, tick, dt):
        key = jax.random.fold_in(self.key, tick)
        std_dev = jnp.sqrt(self.bias_drift_covariance)
        return bias + std_dev * jax.random.normal(key, bias.shape) * dt

    def sample(self, m, bias, tick):
        key = jax.random.fold_in(self.key, tick)
        std_dev = jnp.sqrt(self.noise_covariance)
        return m + bias + std_dev * jax.random.normal(key, m.shape)  # expect: JAX501
