from typing import Optional, Sequence, Tuple

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np


class PolicyNetFixedSigma(eqx.Module):
    hidden: list
    last: eqx.nn.Linear
    action_shape: tuple = eqx.field(static=True)
    sigma: float = eqx.field(static=True)

    def __init__(self, obs_dim: int, hidden_layers_params: Sequence[dict], action_shape: tuple,
                 key, sigma: float = 0.5) -> None:
        keys = jax.random.split(key, len(hidden_layers_params) + 1)
        sizes = [obs_dim] + [p["output_size"] for p in hidden_layers_params]
        self.hidden = [eqx.nn.Linear(i, o, key=k) for i, o, k in zip(sizes[:-1], sizes[1:], keys[:-1])]
        self.last = eqx.nn.Linear(sizes[-1], int(np.prod(action_shape)), key=keys[-1])
        self.action_shape = action_shape
        self.sigma = sigma

    def __call__(self, x) -> Tuple[jax.Array, jax.Array]:
        action_dims = int(np.prod(self.action_shape))
        h = x
        for idx_hidden_layer, layer in enumerate(self.hidden, start=1):
            h = jax.nn.tanh(layer(h))
        h = self.last(h)
        return h.reshape(self.action_shape), self.sigma * jnp.ones(action_dims)
