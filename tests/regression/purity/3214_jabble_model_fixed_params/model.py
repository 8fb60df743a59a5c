from functools import partial

import jax
import jax.numpy as jnp


class Model:
    """
    Base Model class with scipy optimizer using jax.
    """

    def __init__(self, *args, **kwargs):
        self._fit = False
        self.metadata = {}

    @partial(jax.jit, static_argnums=(0, 4))
    def __call__(self, p, x, meta, margs=()):
        """Checks if there are incoming parameters, if not uses fixed parameters."""
        if len(p) == 0:
            assert self._fit == False
            return self.call(self.p, x, meta, margs)  # expect: JAX108
        else:
            assert self._fit == True
            return self.call(p, x, meta, margs)

    def fix(self):
        self._fit = False

    def fit(self):
        self._fit = True

    def get_parameters(self):
        return self.p if self._fit else jnp.array([])

    def _unpack(self, p):
        if len(p) != 0:
            self.p = p


class ShiftingModel(Model):
    """Doppler shift of the log-wavelength grid by one velocity parameter per epoch."""

    def __init__(self, epoches):
        super().__init__()
        self.p = jnp.zeros(epoches)

    def call(self, p, x, meta, margs=()):
        return x - p[meta]
