"""Jafar (a JAX Genie reimplementation) sampled videos autoregressively: `_autoreg_sample`
starts from `vid = video_batch[:, :start_frame + 1]`, and for each new frame calls the
compiled dynamics sampler on the whole video so far and the actions `[:, :frame_idx]`,
then concatenates the new frame.  The video (and action) arrays grow by one frame per
iteration, so the sampler is recompiled for every frame; sampling 16 frames took 6.5 min,
mostly compilation.  The PR kept all frames at a fixed length and masked the future.

Source: https://github.com/FLAIROx/jafar/pull/11
Observed on jax 0.10.x: sample_next_frame compiled 4 times
"""
import jax
import jax.numpy as jnp

seq_len = 6
start_frame = 1


@jax.jit
def sample_next_frame(params, videos, latent_actions, rng):
    # encode every frame so far, condition on the actions, predict the next frame
    tokens = jnp.tanh(videos.mean(axis=(2, 3)) @ params["enc"])            # [B, T, D]
    act = latent_actions @ params["act"]                                     # [B, T, D]
    ctx = jnp.cumsum(tokens + act, axis=1)[:, -1]                            # [B, D]
    logits = ctx @ params["dec"]                                             # [B, H*W]
    noise = 0.01 * jax.random.normal(rng, logits.shape)
    return jax.nn.sigmoid(logits + noise).reshape(videos.shape[0], 1, *videos.shape[2:])


def _autoreg_sample(params, rng, video_batch, action_batch):
    vid = video_batch[:, : start_frame + 1]
    for frame_idx in range(start_frame + 1, seq_len):
        rng, _rng = jax.random.split(rng)
        new_frame = sample_next_frame(params, vid, action_batch[:, :frame_idx], _rng)  # expect: JAX404
        vid = jnp.concatenate([vid, new_frame], axis=1)
    return vid


def run():
    key = jax.random.PRNGKey(0)
    B, H, W, C, D = 2, 4, 4, 1, 8
    params = {
        "enc": jax.random.normal(key, (C, D)),
        "act": jax.random.normal(jax.random.fold_in(key, 1), (1, D)),
        "dec": jax.random.normal(jax.random.fold_in(key, 2), (D, H * W * C)),
    }
    video_batch = jax.random.uniform(key, (B, seq_len, H, W, C))
    action_batch = jnp.zeros((B, seq_len - 1, 1))
    return _autoreg_sample(params, key, video_batch, action_batch).shape
