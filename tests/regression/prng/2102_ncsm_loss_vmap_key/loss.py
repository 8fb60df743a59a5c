"""NCSM_Loss from hflow/train/loss.py (noise-conditional score matching over particles)."""
import jax
import jax.numpy as jnp
from jax import vmap


def NCSM_Loss(s, sigmas):

    def score_match(x, t, sigma, mu, key, params):
        mu_t_sigma = jnp.concatenate([mu, t, sigma])
        seed = jax.random.uniform(key, shape=()) + mu + t + sigma
        seed = jnp.linalg.norm(seed)
        key = jax.random.PRNGKey((seed * 1e8).astype(int))  # expect: JAX503
        y = jax.random.normal(key, shape=x.shape)

        x_tilde = x + sigma * y

        l = (
            sigma**2
            * 0.5
            * jnp.sum((s(mu_t_sigma, x_tilde, params) + (x_tilde - x) / sigma**2) ** 2)
        )
        return l

    def loss_fn(params, x_t_batch, mu, t_batch, key):
        T, N, D = x_t_batch.shape
        T, MT = t_batch.shape
        xt_tensor = x_t_batch.reshape(T, N * D)
        xt_tensor = jnp.hstack([xt_tensor, t_batch])  # T (ND + MT)

        def score_match_time_sigma(x_t, sigma):
            x, t = x_t[:-MT], x_t[-MT:]
            x = x.reshape(N, D)
            loss = vmap(score_match, (0, None, None, None, None, None))(
                x, t, sigma, mu, key, params
            )
            return loss.mean()

        score_match_time_sigma = vmap(score_match_time_sigma, (0, None))
        score_match_time_sigma = vmap(score_match_time_sigma, (None, 0))

        return score_match_time_sigma(xt_tensor, sigmas).mean()

    return loss_fn
