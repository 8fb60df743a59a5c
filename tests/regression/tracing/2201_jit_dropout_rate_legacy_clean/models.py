import jax.numpy as jnp

from jax_utils import Dropout


class MlpBlock:
    """Transformer MLP block with the dropout rate passed at call time."""

    def __init__(self, dropout_rate: float = 0.1):
        self.dropout = Dropout(rate=dropout_rate)

    def apply(self, params, x, train: bool, dropout_rate=None, rng=None):
        h = jnp.tanh(x @ params["w1"])
        h = self.dropout(h, deterministic=not train, rate=dropout_rate, rng=rng)
        return h @ params["w2"]
