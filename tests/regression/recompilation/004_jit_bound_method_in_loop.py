"""`jax.jit(model.apply)` applied inside the evaluation loop.

Source: https://github.com/google-deepmind/tapnet/issues/44
The tapnet colab jits `model.apply` once (highlight 2); doing it inside the per-video loop
instead creates a new bound method each iteration and compiles every time.

Observed on jax 0.10.x: apply compiled 3 times
"""

import jax
import jax.numpy as jnp


class TrackModel:
    def __init__(self, scale):
        self.scale = scale

    def apply(self, params, frames):
        return self.scale * frames @ params


def track_videos(model, params, videos):
    outputs = []
    for frames in videos:
        outputs.append(jax.jit(model.apply)(params, frames))  # expect: JAX401
    return outputs


def run():
    track_videos(TrackModel(2.0), jnp.ones(3), [jnp.ones((4, 3))] * 3)
