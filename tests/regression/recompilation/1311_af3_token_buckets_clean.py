"""AlphaFold 3 pads every input up to a compilation bucket before running the jitted
model, so inputs of many different token counts share a small, fixed set of compiled
shapes.  The PR added smaller buckets (64, 96, 128, 192, 384) below the old 256 floor;
sequences of slightly different lengths still land in the same bucket and reuse the
executable instead of recompiling per length.

Source: https://github.com/google-deepmind/alphafold3/pull/706
Observed on jax 0.10.x: run_trunk compiled 3 times
"""
import bisect

import jax
import jax.numpy as jnp

_BUCKETS = (64, 96, 128, 192, 256, 384, 512, 768, 1024)


def calculate_bucket_size(num_tokens: int, buckets=_BUCKETS) -> int:
    idx = bisect.bisect_left(buckets, num_tokens)
    if idx == len(buckets):
        return num_tokens
    return buckets[idx]


def pad_to_bucket(token_features, mask):
    n = token_features.shape[0]
    target = calculate_bucket_size(n)
    pad = target - n
    return (jnp.pad(token_features, ((0, pad), (0, 0))), jnp.pad(mask, (0, pad)))


@jax.jit
def run_trunk(params, token_features, mask):
    single = jnp.tanh(token_features @ params["w_single"]) * mask[:, None]
    pair = single[:, None, :] * single[None, :, :]
    return jnp.sum(pair, axis=-1).sum() / jnp.maximum(mask.sum(), 1.0)


def run():
    key = jax.random.PRNGKey(0)
    params = {"w_single": jax.random.normal(key, (16, 8))}
    results = []
    for num_tokens in (50, 60, 90, 120, 100, 61):  # buckets 64, 64, 96, 128, 128, 64
        feats = jax.random.normal(jax.random.fold_in(key, num_tokens), (num_tokens, 16))
        mask = jnp.ones((num_tokens,))
        feats, mask = pad_to_bucket(feats, mask)
        results.append(run_trunk(params, feats, mask))
    return jnp.stack(results)
