"""GPT-2 style model that applies its decoder blocks with a Python loop under filter_jit.

Source: https://github.com/marin-community/levanter/pull/111
The PR adds a `Stacked` module to hide "scan over layers" for gpt2: applying the homogeneous
transformer blocks in a Python loop (like `equinox.nn.Sequential`) makes JAX unroll them and
"compil[e] everything as a giant graph", whereas a scan "compiles the module's method once".
Here the blocks live in a list and are applied in a for loop inside the jitted forward.

Observed on jax 0.10.2: runs
"""
import equinox as eqx
import jax
import jax.numpy as jnp

from blocks import Transformer


@eqx.filter_jit
def forward(model, x):
    return model(x)


def run():
    model = Transformer(n_layers=48, d=32, key=jax.random.PRNGKey(0))
    return forward(model, jnp.ones((8, 32)))
