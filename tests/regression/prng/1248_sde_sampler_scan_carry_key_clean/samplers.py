import jax.numpy as jnp
from jax import random
from jax.lax import scan


class EulerMaruyama:
    def __init__(self, sde, score, num_steps=50):
        self.drift_diffusion = sde.reverse(score)
        self.ts = jnp.linspace(0.0, 1.0 - 1e-3, num_steps)
        self.dt = 1.0 / num_steps

    def update(self, rng, x, t):
        drift, diffusion = self.drift_diffusion(x, t)
        x_mean = x - drift * self.dt
        noise = random.normal(rng, x.shape)
        return x_mean + diffusion * jnp.sqrt(self.dt) * noise, x_mean

    def sample(self, rng, n_samples, dim):
        rng, init_rng = random.split(rng)
        x = random.normal(init_rng, (n_samples, dim))

        def f(carry, t):
            rng, x, x_mean = carry
            vec_t = jnp.ones((n_samples, 1)) * (1 - t)
            rng, step_rng = random.split(rng)
            x, x_mean = self.update(step_rng, x, vec_t)
            return (rng, x, x_mean), ()

        (_, x, x_mean), _ = scan(f, (rng, x, x), self.ts)
        return x_mean
