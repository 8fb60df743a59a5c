"""A GPT-2 style stack of residual blocks is run with lax.scan over the layer axis (the
haliax `Stacked` pattern: `scan(self.foo, ...)`). To debug one layer, the user added
`if jnp.equal(layer_idx.array, 4):` inside the block method that the scan calls. The
layer index is a scanned-over array, so inside the scan body it is a tracer and the
Python `if` cannot be decided: tracing fails with a boolean-conversion error that only
points into the scan machinery.

Source: https://github.com/marin-community/haliax/issues/57
Observed on jax 0.10.x: raises TracerBoolConversionError
"""
import equinox as eqx
import jax
import jax.numpy as jnp

from .model import Stacked


@eqx.filter_jit
def forward(model, x, key):
    return model(x, key=key)


def run():
    key = jax.random.PRNGKey(0)
    mkey, xkey, dkey = jax.random.split(key, 3)
    model = Stacked(8, 6, key=mkey)
    x = jax.random.normal(xkey, (8,))
    return forward(model, x, dkey)
