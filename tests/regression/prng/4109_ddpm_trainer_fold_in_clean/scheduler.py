import jax.numpy as jnp


def forward_noising(xs, noises, steps, sqrt_alpha_bar, one_minus_sqrt_alpha_bar):
    a = jnp.take(sqrt_alpha_bar, steps)[:, None, None, None]
    b = jnp.take(one_minus_sqrt_alpha_bar, steps)[:, None, None, None]
    return a * xs + b * noises


class DDPMScheduler:
    def __init__(self, timesteps=200):
        self.timesteps = timesteps
        self.betas = jnp.linspace(0.0001, 0.02, timesteps)
        self.alpha = 1 - self.betas
        self.alpha_bar = jnp.cumprod(self.alpha, 0)
        self.sqrt_alpha_bar = jnp.sqrt(self.alpha_bar)
        self.one_minus_sqrt_alpha_bar = jnp.sqrt(1 - self.alpha_bar)

    def add_noise(self, xs, noises, steps):
        return forward_noising(xs, noises, steps, self.sqrt_alpha_bar, self.one_minus_sqrt_alpha_bar)
