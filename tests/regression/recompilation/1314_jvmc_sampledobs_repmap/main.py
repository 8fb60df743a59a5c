"""jVMC v1.2.0 built its Monte Carlo statistics helpers lazily: every `SampledObs(...)`
calls `self.jit_my_stuff()`, which re-creates the pmap'd helper functions whenever
`global_defs.pmap_devices_updated()` says the device list changed.  The module-level
`pmapDevices` it compares against was never updated after the move to `global_defs`, so
the check is always True: each new `SampledObs` (one per TDVP step) wraps brand-new
functions in `pmap` and compiles them again ("Frequent recompilation in v1.2.0").
(On jax 0.10 pmap runs through an internal jit named `_fun`: three helpers x three steps.)

Source: https://github.com/markusschmitt/vmc_jax/issues/59
Observed on jax 0.10.x: _fun compiled 9 times
"""
import jax
import jax.numpy as jnp

import global_defs
from stats import SampledObs


def tdvp_step(key, n_samples=16, n_params=4):
    k1, k2 = jax.random.split(key)
    O = jax.random.normal(k1, (global_defs.myDeviceCount, n_samples, n_params))
    w = jnp.ones((global_defs.myDeviceCount, n_samples)) / n_samples
    obs = SampledObs(O, w)
    return obs.covar()


def run():
    key = jax.random.PRNGKey(0)
    S = None
    for step in range(3):
        key, sub = jax.random.split(key)
        S = tdvp_step(sub)
    return S.shape
