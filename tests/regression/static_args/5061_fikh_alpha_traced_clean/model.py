import jax.numpy as jnp

from kernels import fikh_scan_kernel_isothermal


class FIKH:
    def __init__(self, n_history=16):
        self.n_history = n_history

    def _predict_from_params(self, times, strains, param_dict):
        # Extract alpha (can be a traced value since it's not in static_argnums)
        alpha = param_dict["alpha"]
        return fikh_scan_kernel_isothermal(
            times, strains, self.n_history, alpha, True,
            G=param_dict["G"], eta=param_dict["eta"],
        )

    def loss(self, param_dict, times, strains, stress_obs):
        pred = self._predict_from_params(times, strains, param_dict)
        return jnp.mean((pred - stress_obs) ** 2)
