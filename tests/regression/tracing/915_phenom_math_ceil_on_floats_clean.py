"""Clean look-alike: the number of samples is computed with ``math.ceil`` on
Python floats (duration and ``delta_t`` are static configuration), as in the
fix, so the jitted waveform needs no concrete tracer.

Source: https://github.com/asantini29/phentax/pull/28
"Replace ``int(jnp.ceil(T / delta_t))`` with ``math.ceil(T / delta_t)`` to keep
the computation on concrete Python floats."

Observed on jax 0.10.2: runs
"""
import math

import jax
import jax.numpy as jnp


class IMRPhenomTHM:
    def __init__(self, T=4.0, delta_t=1.0 / 64, f_min=20.0):
        self.T = T
        self.delta_t = delta_t
        self.f_min = f_min

    def waveform(self, amp, phase):
        n_samples = math.ceil(self.T / self.delta_t)
        t = jnp.arange(n_samples) * self.delta_t
        return amp * jnp.sin(2 * jnp.pi * self.f_min * t + phase)


def run():
    model = IMRPhenomTHM()
    return jax.jit(model.waveform)(1.0, 0.3)
