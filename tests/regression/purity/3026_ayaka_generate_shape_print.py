"""Autoregressive image-token model ("ayaka") trained with flax nnx on TPU. Its jitted
`generate(self, class_labels)` samples tokens in a `jax.lax.fori_loop`; while debugging,
the user put `print(f"{idx_next.shape = } / {x_all.shape = } / {probs.shape = }")` in the
loop body to watch every sampled token. The body is traced once, so the line prints once
during the first `generate` call (and never per token, nor on later sampling rounds); the
author expected a line per decoding step.

Source: https://github.com/kelechi-c/play_jax/blob/c3dc285d4806d38e4424c71a894803ad89c1707c/ayaka/ayaka_trainer.py#L241
Observed on jax 0.10.x: 2 of 3 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp
import jax.random as jrand


class TinyAR:
    def __init__(self, key, vocab=32, dim=16):
        k1, k2 = jrand.split(key)
        self.embed = jrand.normal(k1, (vocab + 1001, dim)) * 0.1
        self.head = jrand.normal(k2, (dim, vocab)) * 0.1


@jax.jit
def generate(embed, head, class_labels, randkey):
    max_tokens = 8
    cfg_scale = 4.0
    b = class_labels.shape[0]
    class_labels = jnp.tile(class_labels, (2,))
    class_labels = class_labels.at[b].set(1000)
    x_all = jnp.zeros((b * 2, max_tokens + 1), dtype=jnp.int32)
    x_all = x_all.at[:, 0].set(class_labels)

    def loop_fn(i, carry):
        x_all, current_index, randkey = carry
        x_emb = embed[x_all[:, current_index - 1]]
        logits = x_emb @ head
        logits_cond = logits[0::2, :]
        logits_uncond = logits[1::2, :]
        logits = logits_uncond + cfg_scale * (logits_cond - logits_uncond)
        probs = jax.nn.softmax(logits, axis=-1)
        randkey, idx_key = jrand.split(randkey)
        idx_next = jrand.categorical(idx_key, jnp.log(probs), axis=1)
        print(f"{idx_next.shape = } / {x_all.shape = } / {probs.shape = }")  # expect: JAX101
        idx_next = jnp.tile(idx_next, (2,))
        x_all = x_all.at[jnp.arange(x_all.shape[0]), current_index].set(idx_next)
        return x_all, current_index + 1, randkey

    x_all, _, _ = jax.lax.fori_loop(0, max_tokens, loop_fn, (x_all, 1, randkey))
    return x_all[:, 1:]


def run():
    model = TinyAR(jrand.PRNGKey(0))
    labels = jnp.array([3, 7])
    silent = 0
    for step in range(3):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            generate(model.embed, model.head, labels, jrand.PRNGKey(step)).block_until_ready()
        silent += "idx_next.shape" not in buf.getvalue()
    return silent
