"""Toy Genie-style dynamics model: predicts the next frame's tokens from past frames."""
import jax
import jax.numpy as jnp


def init_params(key, num_tokens=16, dim=8, num_actions=4):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "embed": 0.1 * jax.random.normal(k1, (num_tokens, dim)),
        "action": 0.1 * jax.random.normal(k2, (num_actions, dim)),
        "out": 0.1 * jax.random.normal(k3, (dim, num_tokens)),
    }


@jax.jit
def sample_next_frame(params, video_tokens, latent_actions, rng):
    """video_tokens: (B, T, N) token ids of the frames generated so far."""
    h = params["embed"][video_tokens]                      # (B, T, N, D)
    h = h + params["action"][latent_actions][:, :, None]   # (B, T, 1, D)
    context = h.mean(axis=1)                               # attend over all past frames
    logits = context @ params["out"]                       # (B, N, num_tokens)
    return jax.random.categorical(rng, logits)[:, None]    # (B, 1, N)
