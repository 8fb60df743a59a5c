"""Score-based diffusion library (equinox/JAX): `ScoreBasedSDE.inpaint` defines
`@jax.jit def step(x, x_mean, key, time_step)` inside the method -- closing over the
predictor, the observed `data`, the `mask` and `step_size` -- and then calls it in the
reverse-time loop. The jitted step is a new function object on every `inpaint` call, so
inpainting a batch of images one call at a time retraces and recompiles `step` for each
image even though every shape is identical.

Source: https://github.com/kazewong/ModelLibrary/blob/e19d269985f61c7e40f4a3fc25d34895db4e0db7/src/kazeML/jax/diffusion/sde_score.py#L224
Observed on jax 0.10.x: step compiled 3 times
"""
import jax
import jax.numpy as jnp


class ScoreBasedSDE:
    def __init__(self, weight, T=1.0):
        self.weight = weight
        self.T = T

    def marginal_prob(self, x, t):
        return x * jnp.exp(-0.5 * t), jnp.sqrt(1.0 - jnp.exp(-t))

    def predictor(self, key, x, t, step_size):
        x_mean = x + step_size * (0.5 * x - x * self.weight / (1.0 + t))
        return x_mean + jnp.sqrt(step_size) * jax.random.normal(key, x.shape), x_mean

    def inpaint(self, key, data, mask, n_steps, eps=1e-3):
        key, subkey = jax.random.split(key)
        x = jax.random.normal(subkey, data.shape) * (1.0 - mask)
        time_steps = jnp.linspace(self.T, eps, n_steps)
        step_size = time_steps[0] - time_steps[1]
        x_mean = x

        @jax.jit
        def step(x, x_mean, key, time_step):
            key, subkey = jax.random.split(key)
            x, x_mean = self.predictor(subkey, x, time_step, step_size)
            key, subkey = jax.random.split(key)
            masked_data_mean, std = self.marginal_prob(data, time_step)
            masked_data = masked_data_mean + std * jax.random.normal(subkey, data.shape)
            x = x * (1.0 - mask) + masked_data * mask
            x_mean = x_mean * (1.0 - mask) + masked_data_mean * mask
            return x, x_mean

        for time_step in time_steps:
            key, subkey = jax.random.split(key)
            x, x_mean = step(x, x_mean, subkey, time_step)  # expect: JAX402
        return x, x_mean


def run():
    model = ScoreBasedSDE(weight=jnp.float32(0.5))
    key = jax.random.PRNGKey(0)
    mask = (jnp.arange(16) % 2).astype(jnp.float32).reshape(4, 4)
    for i in range(3):  # inpaint three images, one call each
        key, subkey = jax.random.split(key)
        image = jax.random.normal(subkey, (4, 4))
        x, x_mean = model.inpaint(key, image, mask, n_steps=5)
    return x


if __name__ == "__main__":
    run()
