"""SkyRL (tx): jitted decode step sees a KV cache that grows by one token per call.

Source: https://github.com/NovaSky-AI/SkyRL/pull/539
(SkyRL, "[tx] Add generation profiling + Improve generation speed by jitting").

The first attempt at jitting generation wrapped the per-token decode step in
`jax.jit` while the KV cache was concatenated with each new key/value: "I
tried to jit this in the naive way ... the jitter sees way too many shapes, at
least one for each kv cache length, which leads to tons of recompilation and
slowness", and "every time the shape of the input variable changes the
function is recached". The fix preallocated the cache at the maximum length.
Model trimmed to one attention layer.

Observed on jax 0.10.2: decode_step compiled 5 times
"""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class KVCache(NamedTuple):
    keys: jax.Array  # (batch, seq, dim)
    values: jax.Array


def init_params(key, vocab=64, dim=16):
    ks = jax.random.split(key, 5)
    return {
        "embed": jax.random.normal(ks[0], (vocab, dim)) * 0.1,
        "wq": jax.random.normal(ks[1], (dim, dim)) * 0.1,
        "wk": jax.random.normal(ks[2], (dim, dim)) * 0.1,
        "wv": jax.random.normal(ks[3], (dim, dim)) * 0.1,
        "unembed": jax.random.normal(ks[4], (dim, vocab)) * 0.1,
    }


def attend(params, x, kv_cache: KVCache):
    q = x @ params["wq"]
    k = jnp.concatenate([kv_cache.keys, x @ params["wk"]], axis=1)
    v = jnp.concatenate([kv_cache.values, x @ params["wv"]], axis=1)
    scores = jnp.einsum("bqd,bkd->bqk", q, k) / jnp.sqrt(q.shape[-1])
    out = jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(scores, axis=-1), v)
    return out @ params["unembed"], KVCache(k, v)


def prefill(params, input_ids):
    x = params["embed"][input_ids]
    empty = KVCache(jnp.zeros((x.shape[0], 0, x.shape[-1])), jnp.zeros((x.shape[0], 0, x.shape[-1])))
    return attend(params, x, empty)


@jax.jit
def decode_step(params, token, kv_cache: KVCache):
    x = params["embed"][token]
    return attend(params, x, kv_cache)


def generate(params, prompt_ids, max_new_tokens):
    logits, kv_cache = prefill(params, prompt_ids)
    tokens = []
    for _ in range(max_new_tokens):
        next_token = jnp.argmax(logits[:, -1], axis=-1)
        tokens.append(next_token)
        logits, kv_cache = decode_step(params, next_token[:, None], kv_cache)  # expect: JAX404
    return jnp.stack(tokens, axis=1)


def run():
    params = init_params(jax.random.PRNGKey(0))
    prompt = jnp.array([[1, 2, 3, 4]])
    return generate(params, prompt, max_new_tokens=5)
