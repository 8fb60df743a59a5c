"""Autoregressive video sampling feeds an ever-longer video to the jitted sampler.

Source: https://github.com/p-doom/jasmine/issues/16
What happened: jasmine's (JAX Genie world-model) sample.py `_autoreg_sample(rng,
video_batch, action_batch)` started from `vid = video_batch[:, : args.start_frame + 1]` and
looped `for frame_idx in range(args.start_frame + 1, args.seq_len)`, calling the
dynamics model's `sample` with `batch = dict(videos=vid, latent_actions=action_batch[:,
:frame_idx], ...)` and then `vid = jnp.concatenate([vid, new_frame], axis=1)`.  Every
frame the inputs were one step longer, so each step ran under a new shape and had to be
compiled again -- issue #16 "Avoid JAX recompile on sampling using padding and masking",
fixed by PR #60 (pad all current and future frames to `seq_len` and re-apply a mask, so
"consistent tensor shapes across timesteps").  Here the jitted dynamics sampler lives in
its own module and the driver grows the video from 2 to 6 frames.

Observed on jax 0.10.2: sample_next_frame compiled 4 times
"""
import jax
import jax.numpy as jnp

from dynamics import init_params, sample_next_frame

SEQ_LEN = 6
START_FRAME = 1


def autoreg_sample(params, rng, video_batch, action_batch):
    vid = video_batch[:, : START_FRAME + 1]
    for frame_idx in range(START_FRAME + 1, SEQ_LEN):
        rng, _rng = jax.random.split(rng)
        new_frame = sample_next_frame(  # expect: JAX404
            params, vid, action_batch[:, :frame_idx], _rng)
        vid = jnp.concatenate([vid, new_frame], axis=1)
    return vid


def run():
    params = init_params(jax.random.PRNGKey(0))
    video = jax.random.randint(jax.random.PRNGKey(1), (2, SEQ_LEN, 9), 0, 16)
    actions = jax.random.randint(jax.random.PRNGKey(2), (2, SEQ_LEN), 0, 4)
    out = autoreg_sample(params, jax.random.PRNGKey(3), video, actions)
    return out.shape


if __name__ == "__main__":
    print(run())
