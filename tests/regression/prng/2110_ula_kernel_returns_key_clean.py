"""Unadjusted Langevin sampler ("Jax samplers: 3 ways" blog post code): key threaded correctly.

`ula_kernel(key, param, grad_log_post, dt)` splits its key, draws the Gaussian increment from the
subkey and RETURNS the advanced key; both the Python-loop driver and the fully jitted `lax.scan`
version carry that returned key into the next step. Looks like a helper that takes and returns a
key, but every step gets fresh noise.

Source: https://github.com/jeremiecoullon/jax_MCMC_blog_post/blob/779a442a3c261e96c77fbdc1fc09a76828384236/ula_samplers.py#L22
Observed on jax 0.10.x: 0 of 2 calls
"""
from functools import partial

import jax.numpy as jnp
import numpy as np
from jax import grad, jit, lax, random


@partial(jit, static_argnums=(2, 3))
def ula_kernel(key, param, grad_log_post, dt):
    key, subkey = random.split(key)
    paramGrad = grad_log_post(param)
    param = param + dt * paramGrad + jnp.sqrt(2 * dt) * random.normal(key=subkey, shape=(param.shape))
    return key, param


def ula_sampler_jax_kernel(key, grad_log_post, num_samples, dt, x_0):
    dim, = x_0.shape
    samples = np.zeros((num_samples, dim))
    param = x_0
    for i in range(num_samples):
        key, param = ula_kernel(key, param, grad_log_post, dt)
        samples[i] = param
    return samples


@partial(jit, static_argnums=(1, 2, 3))
def ula_sampler_full_jax_jit(key, grad_log_post, num_samples, dt, x_0):

    def ula_step(carry, x):
        key, param = carry
        key, param = ula_kernel(key, param, grad_log_post, dt)
        return (key, param), param

    carry = (key, x_0)
    _, samples = lax.scan(ula_step, carry, None, num_samples)
    return samples


def log_post(theta):
    return -0.5 * jnp.sum(theta ** 2)


grad_log_post = jit(grad(log_post))


def run():
    key = random.PRNGKey(0)
    subkey1, subkey2 = random.split(key)
    s1 = ula_sampler_jax_kernel(subkey1, grad_log_post, 50, 1e-2, jnp.zeros(3))
    s2 = np.asarray(ula_sampler_full_jax_jit(subkey2, grad_log_post, 50, 1e-2, jnp.zeros(3)))
    # a sampler shows the effect if two consecutive increments repeat
    stuck = 0
    for s in (s1, s2):
        inc = np.diff(s, axis=0)
        stuck += int(any(np.allclose(inc[i], inc[i + 1]) for i in range(len(inc) - 1)))
    return stuck
