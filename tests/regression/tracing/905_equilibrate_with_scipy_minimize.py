"""Carbon-box model equilibrates its reservoirs with ``scipy.optimize.minimize``
inside the jitted ``run``.

Source: https://github.com/SharmaLlama/ticktack/issues/19
"TracerArrayConversionError: The numpy.ndarray conversion method __array__()
was called on the JAX Tracer object ... While tracing the function run ...
operation ... from line ticktack.py:433 (_equilibrate_guttler)" -- the traced
target production rate is handed to SciPy, which converts it with NumPy.

Observed on jax 0.10.2: raises TracerArrayConversionError
"""
import jax
import jax.numpy as jnp
import numpy as np
import scipy.optimize


class CarbonBoxModel:
    def __init__(self):
        self.fluxes = np.array([[0.0, 0.4], [0.3, 0.0]])

    def _equilibrate_guttler(self, target_C_14):
        target = jnp.array(target_C_14, dtype=jnp.float32)

        def objective(prod):
            return float(np.sum((self.fluxes.sum(0) * prod - np.asarray(target)) ** 2))  # expect: JAX203

        res = scipy.optimize.minimize(objective, np.asarray(target), method="Nelder-Mead")  # expect: JAX203
        return res.x

    def run(self, time_out, target_C_14):
        steady = self._equilibrate_guttler(target_C_14)
        return jnp.outer(jnp.exp(-time_out / 8267.0), steady)


def run():
    cbm = CarbonBoxModel()
    return jax.jit(cbm.run)(jnp.linspace(0.0, 10.0, 5), jnp.array([1.6]))
