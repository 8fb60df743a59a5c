"""`np.asarray` of a module-level constant table inside `jit`: NumPy on a Python value.

Source: https://github.com/EiffL/Quarks2CosmosDataChallenge/pull/6
The fix in that pull request replaced a JAX array by a NumPy array so it is "explicitly not
something to be traced": host NumPy on constants is fine inside traced code.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp
import numpy as np

FILTER_TAPS = [0.25, 0.5, 0.25]


@jax.jit
def smooth(signal):
    taps = np.asarray(FILTER_TAPS, dtype=np.float32)
    return jnp.convolve(signal, taps, mode="same")


def run():
    smooth(jnp.arange(5.0))
