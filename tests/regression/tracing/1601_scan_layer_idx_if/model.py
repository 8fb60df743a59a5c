import equinox as eqx
import jax
import jax.numpy as jnp


class Block(eqx.Module):
    ln_1: eqx.nn.LayerNorm
    attn: eqx.nn.Linear
    ln_2: eqx.nn.LayerNorm
    mlp: eqx.nn.MLP
    resid_dropout: eqx.nn.Dropout

    def __init__(self, dim, *, key):
        k1, k2 = jax.random.split(key)
        self.ln_1 = eqx.nn.LayerNorm(dim)
        self.attn = eqx.nn.Linear(dim, dim, key=k1)
        self.ln_2 = eqx.nn.LayerNorm(dim)
        self.mlp = eqx.nn.MLP(dim, dim, 4 * dim, 1, key=k2)
        self.resid_dropout = eqx.nn.Dropout(0.1)

    def foo(self, x, layer_idx, *, key):
        k1, k2 = jax.random.split(key)
        attn_output = self.attn(self.ln_1(x))
        attn_output = self.resid_dropout(attn_output, key=k1)
        x = x + attn_output
        ff_output = self.resid_dropout(self.mlp(self.ln_2(x)), key=k2)
        x = x + ff_output
        # debugging a single layer: perturb the activations of layer 4 only
        if jnp.equal(layer_idx, 4):  # expect: JAX201
            x = x + 0.01 * jnp.sin(x * 1e2)
        return x


class Stacked(eqx.Module):
    blocks: Block  # stacked along a leading layer axis
    num_layers: int = eqx.field(static=True)

    def __init__(self, dim, num_layers, *, key):
        keys = jax.random.split(key, num_layers)
        self.blocks = eqx.filter_vmap(lambda k: Block(dim, key=k))(keys)
        self.num_layers = num_layers

    def __call__(self, x, *, key):
        params, static = eqx.partition(self.blocks, eqx.is_array)

        def body(carry, xs):
            h, k = carry
            block_params, layer_idx = xs
            block = eqx.combine(block_params, static)
            k, sub = jax.random.split(k)
            return (block.foo(h, layer_idx, key=sub), k), None

        (x, _), _ = jax.lax.scan(body, (x, key), (params, jnp.arange(self.num_layers)))
        return x
