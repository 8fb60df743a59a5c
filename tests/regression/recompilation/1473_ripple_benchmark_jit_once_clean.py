"""ripple "Fixing benchmark": the benchmark was timing compilation, and vmap-ing the
waveform recompiled it. The fix jits the waveform generator once, warms it up, and
then loops over parameter values one by one (like the lal comparison) with the same
frequency grid, so every timed call reuses the single compiled executable.

Source: https://github.com/tedwards2412/ripple/pull/7
Observed on jax 0.10.x: waveform compiled 1 times
"""
import jax
import jax.numpy as jnp
import numpy as np


def waveform(theta, f):
    m1, m2, chi = theta[0], theta[1], theta[2]
    mc = (m1 * m2) ** 0.6 / (m1 + m2) ** 0.2
    phase = 3.0 / 128.0 * (jnp.pi * mc * f) ** (-5.0 / 3.0) * (1.0 + chi)
    return f ** (-7.0 / 6.0) * jnp.exp(1j * phase)


func = jax.jit(waveform)


def run():
    f = jnp.linspace(20.0, 512.0, 1024)
    theta_ripple = np.random.default_rng(0).uniform([10.0, 5.0, -0.5], [40.0, 30.0, 0.5], (5, 3))
    func(jnp.asarray(theta_ripple[0]), f).block_until_ready()
    for theta in theta_ripple:
        func(jnp.asarray(theta), f).block_until_ready()
    return None


if __name__ == "__main__":
    run()
