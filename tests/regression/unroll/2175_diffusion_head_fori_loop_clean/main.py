"""Octo's `DiffusionActionHead.predict_action` runs the reverse diffusion chain for
`self.timesteps` (20 by default, more for some checkpoints) denoising steps, each calling
the score network and drawing Gaussian noise. It is written as
`jax.lax.fori_loop(0, self.timesteps, loop_body, (noisy_action, rng))` with the rng split
inside the body, so the network is traced once rather than 20 unrolled copies in the
jitted `sample_actions`.

Source: https://github.com/octo-models/octo/blob/241fb3514b7c40957a86d869fecb7c7fc353f540/octo/model/components/action_heads.py#L848
Observed on jax 0.10.x: sample_actions compiled 1 times
"""
import jax
import jax.numpy as jnp

from action_heads import DiffusionActionHead


def run():
    head = DiffusionActionHead(action_horizon=4, action_dim=7, timesteps=32)

    @jax.jit
    def sample_actions(params, embeddings, rng):
        return head.predict_action(params, embeddings, rng)

    params = jnp.eye(7) * 0.5
    embeddings = jnp.ones((2, 3, 16))
    rng = jax.random.PRNGKey(0)
    for _ in range(2):
        rng, key = jax.random.split(rng)
        actions = sample_actions(params, embeddings, key)
    assert actions.shape == (2, 3, 4, 7)
