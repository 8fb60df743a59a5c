import equinox as eqx
import jax
import jax.numpy as jnp


class Block(eqx.Module):
    ln_scale: jax.Array
    w_in: jax.Array
    w_out: jax.Array

    def __init__(self, d, key):
        k1, k2 = jax.random.split(key)
        self.ln_scale = jnp.ones(d)
        self.w_in = jax.random.normal(k1, (d, 4 * d)) * 0.02
        self.w_out = jax.random.normal(k2, (4 * d, d)) * 0.02

    def __call__(self, x):
        h = x / jnp.sqrt(jnp.mean(x ** 2, -1, keepdims=True) + 1e-6) * self.ln_scale
        return x + jax.nn.gelu(h @ self.w_in) @ self.w_out


class Transformer(eqx.Module):
    blocks: list

    def __init__(self, n_layers, d, key):
        keys = jax.random.split(key, n_layers)
        self.blocks = [Block(d, k) for k in keys]

    def __call__(self, x):
        for block in self.blocks:  # expect: JAX407
            x = block(x)
        return x
