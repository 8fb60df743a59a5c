"""SpectralGPT stand-in: a tiny causal byte model and its train state."""
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp


class SpectralGPT:
    def __init__(self, vocab_size: int = 32, hidden_dim: int = 16):
        self.vocab_size = vocab_size
        self.hidden_dim = hidden_dim

    def init(self, rng, dummy_input):
        k1, k2 = jax.random.split(rng)
        return {'params': {
            'embed': jax.random.normal(k1, (self.vocab_size, self.hidden_dim)) * 0.1,
            'head': jax.random.normal(k2, (self.hidden_dim, self.vocab_size)) * 0.1,
        }}

    def apply(self, variables, x, train=False):
        p = variables['params']
        h = p['embed'][x]                              # (B, L, D)
        h = jnp.cumsum(h, axis=1)                      # causal mixing
        return h @ p['head']                           # (B, L, V)


class TrainState(NamedTuple):
    step: int
    apply_fn: Callable
    params: Any


def create_generative_train_state(rng, seq_len=16):
    model = SpectralGPT()
    dummy_input = jnp.zeros((1, seq_len), dtype=jnp.int32)
    params = model.init(rng, dummy_input)['params']
    return TrainState(step=0, apply_fn=model.apply, params=params)
