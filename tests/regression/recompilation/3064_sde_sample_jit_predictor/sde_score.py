import jax
import jax.numpy as jnp


class VPSDE:
    def __init__(self, beta_min=0.1, beta_max=20.0, T=1.0):
        self.beta_min, self.beta_max, self.T = beta_min, beta_max, T

    def sde(self, x, t):
        beta_t = self.beta_min + t * (self.beta_max - self.beta_min)
        return -0.5 * beta_t * x, jnp.sqrt(beta_t)

    def reverse_sde(self, x, t, score):
        drift, diffusion = self.sde(x, t)
        return drift - diffusion**2 * score(x, t), diffusion

    def sample_prior(self, key, shape):
        return jax.random.normal(key, shape)


class Predictor:
    """The abstract class for a predictor algorithm."""

    def __init__(self, sde, score, probability_flow=False):
        self.sde = sde
        self.score = score
        self.probability_flow = probability_flow


class EulerMaruyamaPredictor(Predictor):
    def __call__(self, key, x, time, step_size):
        drift, diffusion = self.sde.reverse_sde(x, time, self.score)
        x_mean = x - drift * step_size
        x = x_mean + diffusion * jnp.sqrt(step_size) * jax.random.normal(key, x.shape)
        return x, x_mean


class ScoreBasedSDE:
    def __init__(self, sde, weight):
        self.sde = sde
        self.weight = weight

    def score(self, x, t):
        return -x * self.weight / (1.0 + t)

    def sample(self, key, data_shape, n_steps, eps=1e-5):
        key, subkey = jax.random.split(key)
        predictor = jax.jit(EulerMaruyamaPredictor(self.sde, self.score, False))  # TODO makes this generic
        x = self.sde.sample_prior(subkey, data_shape)
        time_steps = jnp.linspace(self.sde.T, eps, n_steps)
        step_size = time_steps[0] - time_steps[1]
        x_mean = x
        for time_step in time_steps:
            key, subkey = jax.random.split(key)
            x, x_mean = predictor(subkey, x, time_step, step_size)  # expect: JAX402
        return key, x, x_mean
