import jax

from .svi import update


class Model:
    def __init__(self, params):
        self.params = params
        self._jit_update = None

    def train_on_batch(self, batch, **kwargs):
        if self._jit_update is None:
            # static names derived from whatever the FIRST call happened to pass
            static = tuple(k for k, v in kwargs.items() if not hasattr(v, "shape"))
            self._jit_update = jax.jit(update, static_argnames=static)  # expect: JAX303,JAX304,JAX305
        self.params, loss = self._jit_update(self.params, batch, **kwargs)
        return loss
