"""Buck-converter switching time threaded through the jitted step (the fix).

Source: https://github.com/jax-ml/jax/issues/9832
Same converter as the hazard case, but the next switching instant is an
argument and a return value of the jitted per-period step instead of an
attribute mutated on `self`, which is the pure-function pattern the JAX
maintainers recommend in the thread. Every call advances the switch.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax.numpy as jnp

from converter import BuckConverter
from solver import make_period_step

PERIOD = 2e-4


def run():
    conv = BuckConverter(PERIOD, duty=0.2)
    next_off = conv.first_off
    step = make_period_step(conv, dt=1e-6, n_sub=200)
    t, y = 0.0, jnp.zeros(2)
    for _ in range(3):
        t, y, next_off = step(t, y, next_off)
    return int(round(float(next_off - conv.first_off) / PERIOD))
