"""jax-ml/bonsai: Qwen3-VL vision forward takes `image_grid_thw` as a static jnp array.

Source: https://github.com/jax-ml/bonsai/pull/170
(bonsai, "Adding jit support to Qwen3VL, readme fixes").

The jitted vision forward pass needs the per-image (t, h, w) patch grid as
compile-time data (it drives reshapes and the rotary position ids), so it is
marked `static_argnums=(4,)`. The driver script built it with
`image_grid_thw = jnp.array(inputs_vision["image_grid_thw"].numpy())`, an
array, which cannot be hashed; the review switched to
`tuple(tuple(row) for row in ...tolist())` (see the clean look-alike).
Vision tower trimmed to patch-embedding plus mean pooling.

Observed on jax 0.10.2: raises ValueError
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np


class Qwen3VLToy:
    def __init__(self, key, patch_dim=12, hidden=16, vocab=50):
        k1, k2 = jax.random.split(key)
        self.patch_embed = jax.random.normal(k1, (patch_dim, hidden)) * 0.1
        self.lm_head = jax.random.normal(k2, (hidden, vocab)) * 0.1
        self.embed = jnp.ones((vocab, hidden))

    def __call__(self, input_ids, cache, pixel_values, image_grid_thw, token_type_ids):
        feats, start = [], 0
        for t, h, w in image_grid_thw:
            n = t * h * w
            patches = pixel_values[start : start + n].reshape(t, h, w, -1)
            feats.append(jnp.mean(patches @ self.patch_embed, axis=(0, 1, 2)))
            start += n
        vision = jnp.stack(feats).mean(0)
        text = self.embed[input_ids] + jnp.where(token_type_ids[..., None] == 1, vision, 0.0)
        return text @ self.lm_head


@functools.partial(jax.jit, static_argnums=(4,))
def _forward_vision_jit(model, cache, input_ids, pixel_values, image_grid_thw, token_type_ids):
    logits = model(input_ids, cache, pixel_values, image_grid_thw, token_type_ids)
    return logits[:, -1, :], cache


def _unflatten(_, children):
    model = object.__new__(Qwen3VLToy)
    model.patch_embed, model.lm_head, model.embed = children
    return model


jax.tree_util.register_pytree_node(
    Qwen3VLToy, lambda m: ((m.patch_embed, m.lm_head, m.embed), None), _unflatten
)


def main():
    model = Qwen3VLToy(jax.random.PRNGKey(0))
    # what the HF processor returns (torch tensors in the original script)
    inputs_vision = {
        "pixel_values": np.random.default_rng(0).normal(size=(2 * 4 * 4, 12)).astype(np.float32),
        "image_grid_thw": np.array([[2, 4, 4]]),
        "input_ids": np.array([[1, 2, 3, 4]]),
        "token_type_ids": np.array([[0, 1, 1, 0]]),
    }
    pixel_values = jnp.array(inputs_vision["pixel_values"])
    image_grid_thw = jnp.array(inputs_vision["image_grid_thw"])
    input_ids = jnp.array(inputs_vision["input_ids"])
    token_type_ids = jnp.array(inputs_vision["token_type_ids"])
    cache = None
    logits, cache = _forward_vision_jit(
        model, cache, input_ids, pixel_values, image_grid_thw, token_type_ids  # expect: JAX302
    )
    return jnp.argmax(logits, axis=-1)


def run():
    return main()
