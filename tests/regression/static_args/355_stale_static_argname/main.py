"""static_argnames names a parameter that no longer exists after a rename.

Source: https://github.com/jax-ml/jax/issues/24857
The report passed static_argnames built from non-literal Python strings (names
held in variables) and got a cryptic failure from jit's argname handling.
Here the names also come from a module-level tuple, which went stale when the
parameter was renamed; jax 0.10.2 rejects the unknown name when the model
builds its pooling op.

Observed on jax 0.10.2: raises ValueError
"""
import jax.numpy as jnp

from ops import make_pool


class TinyEncoder:
    def __init__(self, mode="avg"):
        self.pool = make_pool(mode)

    def __call__(self, images):
        return self.pool(images, 2)


def run():
    encoder = TinyEncoder()
    return encoder(jnp.ones((2, 8, 8, 3)))
