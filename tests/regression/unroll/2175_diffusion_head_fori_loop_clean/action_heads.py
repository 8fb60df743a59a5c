import jax
import jax.numpy as jnp


def cosine_beta_schedule(timesteps, s=0.008):
    steps = timesteps + 1
    t = jnp.linspace(0, timesteps, steps) / timesteps
    alphas_cumprod = jnp.cos((t + s) / (1 + s) * jnp.pi * 0.5) ** 2
    alphas_cumprod = alphas_cumprod / alphas_cumprod[0]
    betas = 1 - (alphas_cumprod[1:] / alphas_cumprod[:-1])
    return jnp.clip(betas, 0, 0.999)


class DiffusionActionHead:
    def __init__(self, action_horizon=4, action_dim=7, timesteps=20):
        self.action_horizon = action_horizon
        self.action_dim = action_dim
        self.timesteps = timesteps
        self.betas = cosine_beta_schedule(timesteps)
        self.alphas = 1 - self.betas
        self.alpha_hats = jnp.cumprod(self.alphas)

    def denoise(self, params, embeddings, sample, time):
        return jnp.tanh(sample @ params + embeddings[..., None, :1] * time)

    def predict_action(self, params, embeddings, rng):
        batch_size, window_size = embeddings.shape[:2]

        def loop_body(i, carry):
            sample, rng = carry
            time = self.timesteps - 1 - i
            eps = self.denoise(params, embeddings, sample, time)
            alpha_1 = 1 / jnp.sqrt(self.alphas[time])
            alpha_2 = (1 - self.alphas[time]) / jnp.sqrt(1 - self.alpha_hats[time])
            prev = alpha_1 * (sample - alpha_2 * eps)
            rng, key = jax.random.split(rng)
            z = jax.random.normal(key, shape=sample.shape, dtype=jnp.float32)
            variance = jnp.where(time > 0, self.betas[time], 0.0)
            return (prev + jnp.sqrt(variance) * z, rng)

        rng, key = jax.random.split(rng)
        noisy_action = jax.random.normal(key, (batch_size, window_size, self.action_horizon, self.action_dim))
        noisy_action, _ = jax.lax.fori_loop(0, self.timesteps, loop_body, (noisy_action, rng))
        return noisy_action
