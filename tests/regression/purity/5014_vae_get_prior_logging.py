"""VariBAD's VAE wrapper exposes jitted methods (``get_prior_jit``, ``encode_trajectory_jit``,
``decode_jit``) with ``self`` and the batch size static, and each begins with a
``logging.info("inside get_prior")``-style trace message. The message is emitted while jax traces
the method, i.e. on the first call for a given batch size only; the evaluation loop that samples
a prior at the start of every episode logs once and then goes quiet.

Source: https://github.com/aliang8/varibad_jax/blob/e36a2a7171c6ebd5909acdccc5410fa7dfb8fa9b/varibad_jax/models/varibad/varibad.py#L84
Observed on jax 0.10.x: 1 of 4 calls
"""
import logging
from functools import partial

import jax
import jax.numpy as jnp


def get_prior_apply(params, rng, config, batch_size):
    latent_dim = config["latent_dim"]
    mean = jnp.broadcast_to(params["prior_mean"], (batch_size, latent_dim))
    logvar = jnp.broadcast_to(params["prior_logvar"], (batch_size, latent_dim))
    sample = mean + jnp.exp(0.5 * logvar) * jax.random.normal(rng, (batch_size, latent_dim))
    return sample, mean, logvar


class VariBADModel:
    def __init__(self, config):
        self.config = config
        self._params = {
            "prior_mean": jnp.zeros(config["latent_dim"]),
            "prior_logvar": jnp.zeros(config["latent_dim"]),
        }

    @partial(jax.jit, static_argnums=(0, 3))
    def get_prior_jit(self, params, rng, batch_size):
        logging.info("inside get_prior")  # expect: JAX102
        return get_prior_apply(params, rng, config=self.config, batch_size=batch_size)

    def get_prior(self, rng, batch_size):
        return self.get_prior_jit(self._params, rng, batch_size)


class _Count(logging.Handler):
    def __init__(self):
        super().__init__()
        self.n = 0

    def emit(self, record):
        self.n += 1


def run():
    root = logging.getLogger()
    root.setLevel(logging.INFO)
    counter = _Count()
    root.addHandler(counter)
    model = VariBADModel({"latent_dim": 5})
    rng = jax.random.PRNGKey(0)
    logged = 0
    try:
        for episode in range(4):
            rng, key = jax.random.split(rng)
            before = counter.n
            model.get_prior(key, batch_size=8)
            logged += counter.n > before
    finally:
        root.removeHandler(counter)
    return int(logged)


if __name__ == "__main__":
    run()
