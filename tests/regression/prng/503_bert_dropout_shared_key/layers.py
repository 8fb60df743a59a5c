import equinox as eqx
import jax
import jax.numpy as jnp


class FeedForwardBlock(eqx.Module):
    up: eqx.nn.Linear
    down: eqx.nn.Linear
    dropout: eqx.nn.Dropout

    def __init__(self, hidden, inner, p, key):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(hidden, inner, key=k1)
        self.down = eqx.nn.Linear(inner, hidden, key=k2)
        self.dropout = eqx.nn.Dropout(p)

    def __call__(self, token, *, key):
        h = jax.nn.gelu(self.up(token))
        h = self.down(h)
        return self.dropout(h, key=key)
