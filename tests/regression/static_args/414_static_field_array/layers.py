import equinox as eqx
import jax
import jax.numpy as jnp


def sinusoidal_table(max_len, dim, base=10000.0):
    pos = jnp.arange(max_len)[:, None]
    freq = base ** (-jnp.arange(0, dim, 2) / dim)
    return jnp.concatenate([jnp.sin(pos * freq), jnp.cos(pos * freq)], -1)


class PositionalEmbedding(eqx.Module):
    proj: jax.Array
    table: jax.Array = eqx.field(static=True)  # expect: JAX301

    def __init__(self, key, max_len, dim):
        self.proj = jax.random.normal(key, (dim, dim)) / dim
        self.table = sinusoidal_table(max_len, dim)

    def __call__(self, x):
        return (x + self.table[: x.shape[0]]) @ self.proj
