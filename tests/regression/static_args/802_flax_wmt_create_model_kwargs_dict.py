"""flax examples/wmt: `create_model` marks a kwargs dict static.

Source: https://github.com/google/flax/issues/587
("example/wmt broken by passing dict as static arg to jitted function"; fixed
by https://github.com/google/flax/pull/590).

`create_model(key, input_shape, target_shape, model_kwargs)` was jitted with
`static_argnums=(1, 2, 3)` so that the Transformer hyperparameters select the
architecture at trace time. `main()` builds `model_kwargs` as a dict
(vocab_size, emb_dim, num_heads, ...) and passes it straight in. After JAX
started enforcing hashable static arguments this fails with "TypeError:
unhashable type: 'dict'". (The flax Transformer is replaced by a plain-JAX
parameter initialiser driven by the same kwargs.)

Observed on jax 0.10.2: raises ValueError
"""
import functools

import jax
import jax.numpy as jnp
from jax import random


def transformer_init(key, input_shape, target_shape, vocab_size, output_vocab_size,
                     emb_dim, num_heads, num_layers, qkv_dim, mlp_dim, max_len,
                     share_embeddings, logits_via_embedding):
    keys = random.split(key, 2 + 4 * num_layers)
    params = {"embed": random.normal(keys[0], (vocab_size, emb_dim)) * emb_dim**-0.5}
    if not share_embeddings:
        params["out_embed"] = random.normal(keys[1], (output_vocab_size, emb_dim))
    for i in range(num_layers):
        k = keys[2 + 4 * i : 6 + 4 * i]
        params[f"layer_{i}"] = {
            "qkv": random.normal(k[0], (emb_dim, 3 * qkv_dim)) * emb_dim**-0.5,
            "out": random.normal(k[1], (qkv_dim, emb_dim)) * qkv_dim**-0.5,
            "mlp_in": random.normal(k[2], (emb_dim, mlp_dim)) * emb_dim**-0.5,
            "mlp_out": random.normal(k[3], (mlp_dim, emb_dim)) * mlp_dim**-0.5,
        }
    del input_shape, target_shape, num_heads, max_len, logits_via_embedding
    return params


@functools.partial(jax.jit, static_argnums=(1, 2, 3))
def create_model(key, input_shape, target_shape, model_kwargs):
    """Instantiate transformer model and associated autoregressive cache def."""
    return transformer_init(key, input_shape, target_shape, **model_kwargs)


def main(batch_size=8, max_target_length=32, vocab_size=128):
    rng = random.PRNGKey(0)
    rng, init_rng = random.split(rng)
    input_shape = (batch_size, max_target_length)
    target_shape = (batch_size, max_target_length)
    model_kwargs = {
        "vocab_size": vocab_size,
        "output_vocab_size": vocab_size,
        "emb_dim": 32,
        "num_heads": 4,
        "num_layers": 2,
        "qkv_dim": 32,
        "mlp_dim": 64,
        "max_len": max_target_length,
        "share_embeddings": True,
        "logits_via_embedding": True,
    }
    model = create_model(init_rng, input_shape, target_shape, model_kwargs)  # expect: JAX302
    return jax.tree_util.tree_map(jnp.shape, model)


def run():
    return main()
