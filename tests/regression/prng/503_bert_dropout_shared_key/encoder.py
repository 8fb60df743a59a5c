import equinox as eqx
import jax

from layers import FeedForwardBlock


class TransformerLayer(eqx.Module):
    ff: FeedForwardBlock

    def __init__(self, hidden, inner, p, key):
        self.ff = FeedForwardBlock(hidden, inner, p, key)

    def __call__(self, inputs, *, key):
        ff_key = key
        # one dropout key shared by every token of the sequence
        return jax.vmap(lambda tok, k: self.ff(tok, key=k), in_axes=(0, None))(inputs, ff_key)  # expect: JAX503
