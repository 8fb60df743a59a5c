"""A NeRF-style model prints an intermediate encoding from `__call__` during a jitted, differentiated step.

Source: https://github.com/jax-ml/jax/issues/19887
The reporter printed an intermediate (`max_reflection_encoding`) inside the
`NerfModel` forward pass and got a `Traced<ShapedArray(float32[])>with<JVPTrace...>`
dump instead of a number, once per trace. Rebuilt with a plain-Python model
class (flax not installed) and a jitted value_and_grad training step.

Observed on jax 0.10.2: 1 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp


class NerfModel:
    def __init__(self, num_freqs=4):
        self.num_freqs = num_freqs

    def encode(self, x):
        freqs = 2.0 ** jnp.arange(self.num_freqs)
        return jnp.concatenate([jnp.sin(x[..., None] * freqs), jnp.cos(x[..., None] * freqs)], -1)

    def __call__(self, params, x):
        enc = self.encode(x)
        max_reflection_encoding = jnp.max(enc)
        print(max_reflection_encoding, "max_reflection_encoding")  # expect: JAX101
        return jnp.sum(enc @ params)


model = NerfModel()


@jax.jit
def train_step(params, x):
    loss, grads = jax.value_and_grad(model)(params, x)
    return params - 1e-3 * grads, loss


def run():
    params = jnp.ones(8)
    x = jnp.linspace(0.0, 1.0, 5)
    printed = 0
    for _ in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            params, loss = train_step(params, x)
            loss.block_until_ready()
        printed += bool(buf.getvalue())
    return printed
