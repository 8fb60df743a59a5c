"""Rebuilt from https://github.com/jax-ml/jax/issues/3083: a running decayed sum with
`for t in range(x.shape[0])` under jit; slower than NumPy and never finished for large inputs."""
import jax
import jax.numpy as jnp


def decay_sum_jax(x, decay):
    y = jnp.zeros(x.shape)
    for t in range(x.shape[0]):  # expect: JAX407
        y = y.at[t].set(x[t] + y[t - 1] * decay)
    return y


decay_sum_jit = jax.jit(decay_sum_jax)
