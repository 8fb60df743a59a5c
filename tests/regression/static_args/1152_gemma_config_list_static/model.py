"""A toy decoder whose structure is driven by the (static) config."""
import functools

import jax
import jax.numpy as jnp

from config import AttentionType


def init_params(key, config, vocab=32):
    keys = jax.random.split(key, config.num_layers + 1)
    layers = [
        0.1 * jax.random.normal(k, (config.embed_dim, config.embed_dim)) for k in keys[1:]
    ]
    return {"embed": 0.1 * jax.random.normal(keys[0], (vocab, config.embed_dim)), "layers": layers}


def _attend(x, w, attn_type, window):
    scores = x @ w @ x.T
    t = x.shape[0]
    mask = jnp.tril(jnp.ones((t, t), bool))
    if attn_type == AttentionType.LOCAL_SLIDING:
        mask = mask & ~jnp.tril(jnp.ones((t, t), bool), -window)
    scores = jnp.where(mask, scores, -1e9)
    return jax.nn.softmax(scores, axis=-1) @ x


@functools.partial(jax.jit, static_argnames=("config",))
def forward(params, tokens, config):
    x = params["embed"][tokens]
    for w, attn_type in zip(params["layers"], config.attention_types):
        x = x + _attend(x, w, attn_type, config.sliding_window_size)
    return x @ params["embed"].T
