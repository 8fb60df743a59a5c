"""Sampling script of an Equinox DDPM project: `make_samples` splits `noise_key, key = jr.split(key)`
for the initial noise of each image, then hands the *same* `key` to `sample`, which splits it
again into `(noise_key, model_key, next_key)` for the first denoising step; the next image's split
of that `key` reproduces the first denoising step's noise key. With JAX's default threefry,
`split(k, 2)[0] == split(k, 3)[0]`, so the initial noise of image i+1 is bit-identical to the noise
added in the first reverse step of image i.

Source: https://github.com/AugustoPeres/diffusion/blob/c11757faaecae69a11fb512e07141c6753dceef8/scripts/utils.py#L9-L24
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax.numpy as jnp
import jax.random as jr

drawn_noise = []  # debugging record of the noise added in each reverse step


def model(t, x, key=None):
    return 0.1 * x


def sampling_step(model, alphas, alpha_tildas, betas, x, t, shape, model_key, noise_key):
    predicted_noise = model(t, x, key=model_key)
    x -= ((1 - alphas[t]) / (jnp.sqrt(1 - alpha_tildas[t]))) * predicted_noise
    x /= jnp.sqrt(alphas[t])
    z = jr.normal(key=noise_key, shape=shape) if t > 0 else 0
    drawn_noise.append(z)
    x += jnp.sqrt(betas[t]) * z
    return x


def sample(model, initial_noise, betas, alphas, alpha_tildas, time_step, key, storing_frequency=50):
    x = initial_noise
    shape = x.shape
    next_key = key
    images = []
    for t in reversed(range(time_step)):
        noise_key, model_key, next_key = jr.split(next_key, 3)
        x = sampling_step(model, alphas, alpha_tildas, betas, x, t, shape, model_key, noise_key)
        if t % storing_frequency == 0:
            images.append(x)
    return images


def make_samples(model, key, num_samples, shape, betas, alphas, alpha_tildas, time_steps,
                 storing_frequency):
    initial = []
    for i in range(num_samples):
        noise_key, key = jr.split(key)
        noise = jr.normal(key=noise_key, shape=shape)
        initial.append(noise)
        sampled_images = sample(model, noise, betas, alphas, alpha_tildas, time_steps, key,  # expect: JAX501,JAX504,JAX505
                                storing_frequency=storing_frequency)
    return initial


def run():
    time_steps = 3
    betas = jnp.linspace(1e-4, 0.02, time_steps)
    alphas = 1 - betas
    alpha_tildas = jnp.cumprod(alphas)
    initial = make_samples(model, jr.PRNGKey(0), 3, (1, 4, 4), betas, alphas, alpha_tildas,
                           time_steps, storing_frequency=1)
    repeated = 0
    for noise in initial[1:]:
        repeated += int(any(bool(jnp.array_equal(noise, z)) for z in drawn_noise if not isinstance(z, int)))
    return repeated
