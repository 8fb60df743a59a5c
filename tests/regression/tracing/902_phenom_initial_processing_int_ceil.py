"""Waveform model computes the number of time samples from traced masses with
``int(jnp.ceil(T / delta_t))`` and validates spins with ``assert jnp.all``.

Source: https://github.com/asantini29/phentax/pull/28
Calling ``IMRPhenomTHM`` inside ``jax.jit`` raised ``ConcretizationTypeError``:
"``int(jnp.ceil(T / delta_t))`` -- jnp.ceil returns an abstract tracer inside
JIT" and "The spin bound ``assert jnp.all(...)`` also raises during tracing".

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp


class IMRPhenomTHM:
    def __init__(self, delta_t=1.0 / 64, f_min=20.0):
        self.delta_t = delta_t
        self.f_min = f_min

    def estimate_duration(self, m1, m2):
        mtot = m1 + m2
        eta = m1 * m2 / mtot**2
        return 5.0 / 256.0 * (jnp.pi * self.f_min) ** (-8.0 / 3.0) / (eta * mtot**(5.0 / 3.0)) * 1e3

    def initial_processing(self, m1, m2, chi1, chi2):
        assert jnp.all(jnp.abs(jnp.array([chi1, chi2])) <= 1.0)  # expect: JAX201
        T = self.estimate_duration(m1, m2)
        n_samples = int(jnp.ceil(T / self.delta_t))  # expect: JAX202
        return n_samples

    def waveform(self, m1, m2, chi1, chi2):
        n = self.initial_processing(m1, m2, chi1, chi2)
        t = jnp.arange(n) * self.delta_t
        return jnp.sin(2 * jnp.pi * self.f_min * t)


def run():
    model = IMRPhenomTHM()
    return jax.jit(model.waveform)(30.0, 25.0, 0.3, -0.2)
