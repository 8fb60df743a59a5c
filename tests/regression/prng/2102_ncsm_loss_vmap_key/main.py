"""hflow: the NCSM loss perturbs every particle of a time slice with the same noise vector.

In `NCSM_Loss`, `score_match` is vmapped over the N particles of each time slice with the key
broadcast (in_axes None). Inside, the user derives a fresh key from a "seed" built out of
`uniform(key) + mu + t + sigma` and calls `jax.random.PRNGKey(seed * 1e8)`. Nothing in that seed
depends on the particle, so all N particles at one (t, sigma) get the identical perturbation
`y`, and the denoising score-matching objective sees one noise direction instead of N.

Source: https://github.com/julesberman/hflow/blob/aa6d2e910d5daceeffc4a7f232579859cfbf14bf/hflow/train/loss.py#L187
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp

from .loss import NCSM_Loss


def zero_score(mu_t_sigma, x, params):
    return jnp.zeros_like(x) * params["scale"]


@jax.jit
def train_loss(params, x_t_batch, mu, t_batch, key):
    loss_fn = NCSM_Loss(zero_score, jnp.array([[1.0], [0.5]]))
    return loss_fn(params, x_t_batch, mu, t_batch, key)


def run():
    params = {"scale": jnp.array(1.0)}
    mu = jnp.array([0.3])
    key = jax.random.PRNGKey(0)
    shown = 0
    for i in range(3):
        key, sub, data_key = jax.random.split(key, 3)
        t_batch = jnp.linspace(0.1, 0.9, 4)[:, None] + 0.01 * i
        # all particles sit at the same point: with independent noise per particle the
        # mean loss over 16 particles differs from the loss of one particle
        one = jax.random.normal(data_key, (4, 1, 2))
        many = jnp.repeat(one, 16, axis=1)
        l1 = train_loss(params, one, mu, t_batch, sub)
        l16 = train_loss(params, many, mu, t_batch, sub)
        shown += bool(jnp.allclose(l1, l16, rtol=1e-6))
    return shown
