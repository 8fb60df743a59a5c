from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
from jax import random


def kl_divergence(mean, logvar):
    return -0.5 * jnp.sum(1 + logvar - jnp.square(mean) - jnp.exp(logvar), axis=-1)


def one_hot(labels, num_classes):
    return jax.nn.one_hot(labels, num_classes)


def init_vae(key, in_dim=16, latent_dim=2, hidden=8, n_cls=10):
    k1, k2, k3, k4 = random.split(key, 4)
    return {'enc': 0.1 * random.normal(k1, (in_dim + n_cls, hidden)),
            'mean': 0.1 * random.normal(k2, (hidden, latent_dim)),
            'logvar': 0.1 * random.normal(k3, (hidden, latent_dim)),
            'dec': 0.1 * random.normal(k4, (latent_dim + n_cls, in_dim))}


def reparameterize(mean, logvar, rng):
    std = jnp.exp(0.5 * logvar)
    eps = random.normal(rng, logvar.shape)
    return mean + eps * std


def vae_apply(params, x, label, rng):
    h = jax.nn.relu(jnp.concatenate([x, label], axis=-1) @ params['enc'])
    z_mean, z_logvar = h @ params['mean'], h @ params['logvar']
    z_sample = reparameterize(z_mean, z_logvar, rng)
    return jnp.concatenate([z_sample, label], axis=-1) @ params['dec'], z_mean, z_logvar


class TrainState(NamedTuple):
    step: Any
    params: Any
    opt_state: Any
    dropout_rng: Any
