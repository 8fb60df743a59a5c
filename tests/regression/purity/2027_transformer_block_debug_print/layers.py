"""SelfAttentionBlock of the nucleotide transformer (haiku in the original; equinox here)."""
import equinox as eqx
import jax
import jax.numpy as jnp


class SelfAttentionBlock(eqx.Module):
    wq: jax.Array
    wk: jax.Array
    wv: jax.Array
    fc1: jax.Array
    fc2: jax.Array
    _pre_layer_norm: bool = eqx.field(static=True, default=True)

    def __init__(self, embed_dim, ffn_dim, key, pre_layer_norm=True):
        k = jax.random.split(key, 5)
        self.wq, self.wk, self.wv = (0.1 * jax.random.normal(k[i], (embed_dim, embed_dim)) for i in range(3))
        self.fc1 = 0.1 * jax.random.normal(k[3], (embed_dim, ffn_dim))
        self.fc2 = 0.1 * jax.random.normal(k[4], (ffn_dim, embed_dim))
        self._pre_layer_norm = pre_layer_norm

    @staticmethod
    def layer_norm(x, eps=1e-5):
        return (x - x.mean(-1, keepdims=True)) / jnp.sqrt(x.var(-1, keepdims=True) + eps)

    def self_attention(self, x):
        q, k, v = x @ self.wq, x @ self.wk, x @ self.wv
        attn = jax.nn.softmax(q @ k.swapaxes(-1, -2) / jnp.sqrt(q.shape[-1]), axis=-1)
        return {"embeddings": attn @ v, "attention_weights": attn}

    def mlp(self, embed):
        x = self.layer_norm(embed) if self._pre_layer_norm else embed
        x = jax.nn.gelu(x @ self.fc1) @ self.fc2
        if not self._pre_layer_norm:
            x = self.layer_norm(x + embed)
        return x

    def __call__(self, x):
        # Self-Attention
        res = x
        if self._pre_layer_norm:
            x = self.layer_norm(x)
        output = self.self_attention(x)
        if not self._pre_layer_norm:
            output["embeddings"] = self.layer_norm(output["embeddings"] + res)
            x = output["embeddings"]
        else:
            x = output["embeddings"]
            x = res + x
        print(f"Uses pre layer norm: {self._pre_layer_norm}")  # expect: JAX101
        print(f"Out of pre layer norm (or not): {x}")  # expect: JAX101

        # MLP
        if not self._pre_layer_norm:
            x = self.mlp(x)
        else:
            x = x + self.mlp(x)
        output["embeddings"] = x
        return output
