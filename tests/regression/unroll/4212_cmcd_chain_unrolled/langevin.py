import jax
import jax.numpy as jnp
from typing import Callable


class LangevinConfig:
    def __init__(self, T: int, step_size: float):
        self.T = T
        self.step_size = step_size


class LangevinDiffusion:
    def __init__(self, config: LangevinConfig):
        self.T = config.T
        self.step_size = config.step_size

    def cmcd_train(self, params, x_0, drift_correction, score: Callable,
                   log_density_target: Callable, log_density_sample: Callable, sigma, key):
        def compute_cmcd_terms(x_t, sigma, score, t):
            annealed_step_size = self.step_size * sigma[t] / sigma[self.T - 1]
            mean_x_t = x_t + annealed_step_size * score(x_t, t)
            t_T = jnp.full((x_t.shape[0], 1), t / (self.T - 1))
            drift = drift_correction.apply(params, jnp.concatenate([x_t, t_T], axis=-1))
            return annealed_step_size, mean_x_t, drift

        x_t_prev = x_0
        step_prev, mean_prev, drift_prev = compute_cmcd_terms(x_t_prev, sigma, score, 0)
        log_w = -log_density_sample(x_t_prev)
        for t in range(1, self.T):  # expect: JAX407
            key, _ = jax.random.split(key)
            eps = jax.random.normal(key, shape=x_0.shape)
            x_t = mean_prev + drift_prev + jnp.sqrt(2 * step_prev) * eps
            step, mean_x_t, drift = compute_cmcd_terms(x_t, sigma, score, t)
            log_w += -0.5 * (
                jnp.sum((x_t_prev - mean_x_t + drift) ** 2, axis=1, keepdims=True) / (2 * step)
                - jnp.sum((x_t - mean_prev - drift_prev) ** 2, axis=1, keepdims=True) / (2 * step_prev)
            )
            x_t_prev, step_prev, mean_prev, drift_prev = x_t, step, mean_x_t, drift
        log_w += log_density_target(x_t)
        return x_t, log_w

    def cmcd_train_loss(self, params, x_0, drift_correction, score,
                        log_density_target, log_density_sample, sigma, key):
        _, log_w = self.cmcd_train(params, x_0, drift_correction, score,
                                   log_density_target, log_density_sample, sigma, key)
        return jnp.mean(-log_w) / self.T
