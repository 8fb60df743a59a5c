import equinox as eqx
import jax

from layers import FeedForwardBlock


class TransformerLayer(eqx.Module):
    ff: FeedForwardBlock

    def __init__(self, hidden, inner, p, key):
        self.ff = FeedForwardBlock(hidden, inner, p, key)

    def __call__(self, inputs, *, key):
        ff_keys = jax.random.split(key, num=inputs.shape[0])
        return jax.vmap(lambda tok, k: self.ff(tok, key=k))(inputs, ff_keys)
