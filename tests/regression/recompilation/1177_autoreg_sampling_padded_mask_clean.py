"""Autoregressive sampling over a video padded to seq_len with a frame mask (fixed).

Source: https://github.com/p-doom/jasmine/issues/16
What happened: jasmine's `_autoreg_sample` grew `vid` by one frame per step, so the
sampler saw a new shape every frame and recompiled (issue #16 "Avoid JAX recompile on
sampling using padding and masking").  The fix (PR #60 of p-doom/jafar, jasmine's earlier name, "Speedup and fix
autoreg sampling") keeps "consistent tensor shapes across timesteps": all current and
future frames are carried at full `seq_len`, a mask marks which frames are real, and the
new frame is written in place.  Same dynamics sampler as the hazard with a padded video
and a traced frame index.

Observed on jax 0.10.2: sample_next_frame compiled 1 times
"""
import jax
import jax.numpy as jnp

SEQ_LEN = 6
START_FRAME = 1


def init_params(key, num_tokens=16, dim=8, num_actions=4):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "embed": 0.1 * jax.random.normal(k1, (num_tokens, dim)),
        "action": 0.1 * jax.random.normal(k2, (num_actions, dim)),
        "out": 0.1 * jax.random.normal(k3, (dim, num_tokens)),
    }


@jax.jit
def sample_next_frame(params, video_tokens, latent_actions, frame_idx, rng):
    """video_tokens: (B, SEQ_LEN, N); frames >= frame_idx are padding."""
    mask = (jnp.arange(video_tokens.shape[1]) < frame_idx)[None, :, None, None]
    h = params["embed"][video_tokens]
    h = h + params["action"][latent_actions][:, :, None]
    context = jnp.sum(jnp.where(mask, h, 0.0), axis=1) / frame_idx
    logits = context @ params["out"]
    new_frame = jax.random.categorical(rng, logits)
    return video_tokens.at[:, frame_idx].set(new_frame)


def run():
    params = init_params(jax.random.PRNGKey(0))
    video = jax.random.randint(jax.random.PRNGKey(1), (2, SEQ_LEN, 9), 0, 16)
    actions = jax.random.randint(jax.random.PRNGKey(2), (2, SEQ_LEN), 0, 4)
    vid = video.at[:, START_FRAME + 1:].set(0)
    rng = jax.random.PRNGKey(3)
    for frame_idx in range(START_FRAME + 1, SEQ_LEN):
        rng, _rng = jax.random.split(rng)
        vid = sample_next_frame(params, vid, actions, jnp.asarray(frame_idx), _rng)
    return vid.shape


if __name__ == "__main__":
    print(run())
