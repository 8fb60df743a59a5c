"""A `training` flag passed through a jitted train step into dropout.

Source: https://github.com/google/flax/issues/4085
"Dropout seems not compatible with jax.jit": the MLP used
`nn.Dropout(deterministic=not training)` and `train_step(params, opt_state, X, y,
training)` was decorated with a bare `@jax.jit`, so `training` arrived as a tracer
and the Python-level `not training` / deterministic branch failed. `training`
should have been static. Rewritten without flax: the dropout helper in layers.py
branches on the flag, the jitted step lives in train.py.

Observed on jax 0.10.2: raises TracerBoolConversionError
"""
import jax
import jax.numpy as jnp

from train import train_step


def run():
    key = jax.random.PRNGKey(0)
    ks = jax.random.split(key, 4)
    params = {
        "w1": jax.random.normal(ks[0], (4, 16)),
        "w2": jax.random.normal(ks[1], (16, 16)),
        "w3": jax.random.normal(ks[2], (16, 1)),
    }
    X, y = jnp.ones((8, 4)), jnp.zeros(8)
    params, loss = train_step(params, X, y, ks[3], True)
    return loss
