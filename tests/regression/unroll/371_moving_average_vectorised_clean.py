"""Clean look-alike: the smoothing filter written with jnp.convolve.

Source: https://openillumi.com/en/en-jax-jit-slow-for-loop-optimization
The fix from the article: drop the Python loops over array positions and use
a vectorised primitive, so the traced program no longer grows with the
signal length.

Observed on jax 0.10.2: moving_average compiled 1 times
"""
import jax
import jax.numpy as jnp


@jax.jit
def moving_average(signal, kernel):
    return jnp.convolve(signal, kernel[::-1], mode="valid")


def run():
    t = jnp.linspace(0.0, 6.0, 256)
    signal = jnp.sin(t) + 0.1 * jnp.cos(17.0 * t)
    return moving_average(signal, jnp.ones(5) / 5.0)
