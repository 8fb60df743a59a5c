"""ngc-learn's simplified LIF cell: `_update_threshold` branches with a plain Python
`if rho_b > 0.:` between sparsity-enforcing and adaptive thresholds, inside a function jitted
with `@partial(jit, static_argnums=[3,4,5])`. `rho_b` (like thrGain/thrLeak) is a static
hyperparameter read from the cell's config, so the `if` runs on a Python float at trace time;
`sticky_spikes == True` in `_update_refract_and_spikes` is static in the same way.

Source: https://github.com/NACLab/ngc-learn/blob/6cfadd53740a96ec0b6ae9e14ca146599477c82b/ngclearn/components/neurons/spiking/sLIFCell.py#L26
Observed on jax 0.10.x: _update_threshold compiled 2 times
"""
from functools import partial

from jax import jit, numpy as jnp, random


@partial(jit, static_argnums=[3, 4, 5])
def _update_threshold(dt, v_thr, spikes, thrGain=0.002, thrLeak=0.0005, rho_b=0.):
    ## update thresholds if applicable
    if rho_b > 0.:  ## run sparsity-enforcement threshold
        dthr = jnp.sum(spikes, axis=1, keepdims=True) - 1.0
        _v_thr = jnp.maximum(v_thr + dthr * rho_b, 0.025)
    else:  ## run simple adaptive threshold
        thr_gain = spikes * thrGain
        thr_leak = (v_thr * thrLeak)
        _v_thr = v_thr + thr_gain - thr_leak
    return _v_thr


@partial(jit, static_argnums=[4])
def _update_refract_and_spikes(dt, rfr, s, refract_T, sticky_spikes=False):
    mask = (rfr >= refract_T).astype(jnp.float32)
    _rfr = (rfr + dt) * (1. - s) + s * dt  # set refract to dt
    _s = s
    if sticky_spikes == True:  ## pin refractory spikes if configured
        _s = s * mask + (1. - mask)
    return _rfr, _s


class SLIFCell:
    def __init__(self, n_units, thrGain=0.002, thrLeak=0.0005, rho_b=0., sticky_spikes=False):
        self.thrGain, self.thrLeak, self.rho_b = thrGain, thrLeak, rho_b
        self.sticky_spikes = sticky_spikes
        self.thr = jnp.full((1, n_units), 0.4, dtype=jnp.float32)
        self.rfr = jnp.zeros((1, n_units))

    def advance_state(self, dt, spikes):
        self.thr = _update_threshold(dt, self.thr, spikes, self.thrGain, self.thrLeak, self.rho_b)
        self.rfr, spikes = _update_refract_and_spikes(dt, self.rfr, spikes, 1.0, self.sticky_spikes)
        return spikes


def run():
    adaptive = SLIFCell(5)
    sparse = SLIFCell(5, rho_b=0.001, sticky_spikes=True)
    key = random.PRNGKey(0)
    for t in range(3):
        key, sub = random.split(key)
        spikes = (random.uniform(sub, (1, 5)) > 0.5).astype(jnp.float32)
        adaptive.advance_state(1.0, spikes)
        sparse.advance_state(1.0, spikes)
