import jax
import jax.numpy as jnp


def linear_schedule(T, t_min=1e-4, t_max=0.02):
    return t_min + (t_max - t_min) * jnp.linspace(start=0, stop=T, num=T) / T


class DDPM:
    def __init__(self, T):
        self.T = T
        self.sigma_squared = linear_schedule(T)
        self.gamma_squared = 1.0 - self.sigma_squared
        self.prod_gamma = jnp.cumprod(jnp.sqrt(self.gamma_squared))
        self.prod_gamma_squared = jnp.cumprod(self.gamma_squared)
        self.std_marginal_x_t = jnp.sqrt(1 - self.prod_gamma_squared)

    def add_noise(self, x_0, t, key):
        eps = jax.random.normal(key, shape=x_0.shape)
        return self.prod_gamma[t] * x_0 + self.std_marginal_x_t[t] * eps
