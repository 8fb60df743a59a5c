"""Frozen TransformerConfig with tuple attention types used as a static argument (fixed).

Source: https://github.com/google-deepmind/gemma/commit/02c2335da24b1b9a31b7dbe0a77434fb234ec1fd
What happened: gemma's `TransformerConfig` factories built `attention_types` as lists
(`[AttentionType.GLOBAL] * num_layers`, `[LOCAL_SLIDING, GLOBAL] * int(num_layers / 2)`),
making the frozen config unhashable.  The commit "Make attention types hashable tuples"
changed them to `(AttentionType.GLOBAL,) * num_layers` and
`(AttentionType.LOCAL_SLIDING, AttentionType.GLOBAL) * int(num_layers / 2)`; the config
then works as a jit static argument.  Same layout as the hazard, with the tuple factories.

Observed on jax 0.10.2: forward compiled 1 times
"""
import dataclasses
import enum
import functools
from typing import Iterable

import jax
import jax.numpy as jnp


class AttentionType(enum.Enum):
    GLOBAL = 1
    LOCAL_SLIDING = 2


@dataclasses.dataclass(frozen=True)
class TransformerConfig:
    num_layers: int
    embed_dim: int
    attention_types: Iterable[AttentionType]
    sliding_window_size: int | None = None

    @classmethod
    def tiny_v2(cls):
        num_layers = 4
        return cls(
            num_layers=num_layers,
            embed_dim=16,
            attention_types=(
                AttentionType.LOCAL_SLIDING,
                AttentionType.GLOBAL,
            )
            * int(num_layers / 2),
            sliding_window_size=2,
        )


def init_params(key, config, vocab=32):
    keys = jax.random.split(key, config.num_layers + 1)
    layers = [0.1 * jax.random.normal(k, (config.embed_dim, config.embed_dim)) for k in keys[1:]]
    return {"embed": 0.1 * jax.random.normal(keys[0], (vocab, config.embed_dim)), "layers": layers}


def _attend(x, w, attn_type, window):
    scores = x @ w @ x.T
    t = x.shape[0]
    mask = jnp.tril(jnp.ones((t, t), bool))
    if attn_type == AttentionType.LOCAL_SLIDING:
        mask = mask & ~jnp.tril(jnp.ones((t, t), bool), -window)
    return jax.nn.softmax(jnp.where(mask, scores, -1e9), axis=-1) @ x


@functools.partial(jax.jit, static_argnames=("config",))
def forward(params, tokens, config):
    x = params["embed"][tokens]
    for w, attn_type in zip(params["layers"], config.attention_types):
        x = x + _attend(x, w, attn_type, config.sliding_window_size)
    return x @ params["embed"].T


def run():
    params = init_params(jax.random.PRNGKey(0), TransformerConfig.tiny_v2())
    tokens = jnp.array([1, 5, 7, 2])
    for _ in range(3):
        # A fresh but equal config each call hashes equal: one compile.
        logits = forward(params, tokens, config=TransformerConfig.tiny_v2())
    return logits.shape


if __name__ == "__main__":
    print(run())
