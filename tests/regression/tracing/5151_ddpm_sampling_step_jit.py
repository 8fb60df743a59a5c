"""DDPM sampler of an Equinox diffusion project: `sample` loops over the time steps in reverse and
calls `sampling_step`, which adds fresh noise only while `t > 0` with a Python conditional
expression. Compiling the step (the author's `# @eqx.filter_jit` line, here with `jax.jit` so the
time index is traced like the image) turns `t` into a tracer and `if t > 0` fails on the first call.

Source: https://github.com/AugustoPeres/diffusion/blob/c11757faaecae69a11fb512e07141c6753dceef8/diffusion/sampling.py#L30-L37
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp
import jax.random as jr


def model(t, x, key=None):
    return 0.1 * x * (t + 1)


@jax.jit
def sampling_step(alphas, alpha_tildas, betas, x, t, noise_key):
    shape = x.shape
    predicted_noise = model(t, x)
    x -= ((1 - alphas[t]) / (jnp.sqrt(1 - alpha_tildas[t]))) * predicted_noise
    x /= jnp.sqrt(alphas[t])
    z = jr.normal(key=noise_key, shape=shape) if t > 0 else 0  # expect: JAX201
    x += jnp.sqrt(betas[t]) * z
    return x


def sample(initial_noise, betas, alphas, alpha_tildas, time_step, key, storing_frequency=2):
    x = initial_noise
    next_key = key
    images = []
    for t in reversed(range(time_step)):
        noise_key, model_key, next_key = jr.split(next_key, 3)
        x = sampling_step(alphas, alpha_tildas, betas, x, t, noise_key)
        if t % storing_frequency == 0:
            images.append(x)
    return images


def run():
    time_step = 4
    betas = jnp.linspace(1e-4, 0.02, time_step)
    alphas = 1 - betas
    alpha_tildas = jnp.cumprod(alphas)
    noise = jr.normal(jr.PRNGKey(0), (1, 4, 4))
    return len(sample(noise, betas, alphas, alpha_tildas, time_step, jr.PRNGKey(1)))
