"""An equinox model applies one shared layer `depth` times with a Python loop, depth 48.

Source: https://github.com/patrick-kidger/equinox/issues/307
Each iteration is traced again, so the jitted graph has 48 copies of the layer; `lax.scan` or
`eqx.internal.scan` keep one.

Observed on jax 0.10.x: runs
"""

import equinox as eqx
import jax
import jax.numpy as jnp


class DeepShared(eqx.Module):
    layer: eqx.nn.Linear
    depth: int = eqx.field(static=True)

    def __call__(self, x):
        for _ in range(self.depth):  # expect: JAX407 (`depth` is a static field that the construction sets to 48)
            x = jax.nn.gelu(self.layer(x))
        return x


@eqx.filter_jit
def forward(model, x):
    return model(x)


def run():
    forward(DeepShared(eqx.nn.Linear(4, 4, key=jax.random.key(0)), 48), jnp.ones(4))
