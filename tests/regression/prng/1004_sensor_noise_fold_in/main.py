"""Bias drift and measurement noise both derive their key as fold_in(self.key, tick).

Source: https://github.com/elodin-sys/elodin/pull/375
What happened: review of the Betaflight SITL example found that Noise.drift_bias
and Noise.sample derive identical keys within one simulation tick, making bias
drift noise and measurement noise perfectly correlated.
run() returns how many of 3 ticks produce identical standardised noise draws.
Observed on jax 0.10.2: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

from sensors import Noise


def run():
    gyro_noise = Noise(seed=7, device=1, bias_drift_covariance=1.0, noise_covariance=1.0)
    correlated = 0
    zeros = jnp.zeros(3)
    for tick in range(3):
        drift = gyro_noise.drift_bias(zeros, tick, dt=1.0)
        meas = gyro_noise.sample(zeros, zeros, tick)
        if bool(jnp.allclose(drift, meas)):
            correlated += 1
    return correlated
