"""A jitted function that reads a module-level dict of constants and never writes it.

Source: https://github.com/jax-ml/jax/issues/5233
Only writes to non-local state are side effects; looking up constants in an outer dict at trace
time is fine as long as nothing changes the dict afterwards.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp

ACTIVATIONS = {"relu": jax.nn.relu, "gelu": jax.nn.gelu}
DEFAULTS = {"activation": "relu", "scale": 0.5}


@jax.jit
def block(w, x):
    act = ACTIVATIONS[DEFAULTS["activation"]]
    return act(x @ w) * DEFAULTS["scale"]


def run():
    block(jnp.eye(2), jnp.ones(2))
