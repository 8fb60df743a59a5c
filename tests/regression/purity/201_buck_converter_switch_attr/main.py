"""Buck-converter model mutates its switching time on `self` inside jit.

Source: https://github.com/jax-ml/jax/issues/9832
"Jit changes behaviour of my code": a hand-written RK4 integrator for an
electronic 'chopper' kept the switching instants on a `Buck` object
(`self.t0 = self.t0 + self.T`, `self.state = '2'`, ...) and updated them from
methods called inside the jitted solver; without jit the curves were right,
with jit they were not. Here the converter class, the jitted per-period step
and the driver are separate modules; the switch only advances on the first
(traced) call.

Observed on jax 0.10.2: 1 of 3 calls
"""
import jax.numpy as jnp

from converter import BuckConverter
from solver import make_period_step

PERIOD = 2e-4


def run():
    conv = BuckConverter(PERIOD, duty=0.2)
    start = conv.next_off
    step = make_period_step(conv, dt=1e-6, n_sub=200)
    t, y = 0.0, jnp.zeros(2)
    for _ in range(3):
        t, y = step(t, y)
    return int(round((conv.next_off - start) / PERIOD))
