from functools import partial

import jax
import jax.numpy as jnp


class Decoder:
    def __init__(self, input_size):
        self.input_size = input_size

    def init(self, key, z):
        return {'w': jax.random.normal(key, (z.shape[-1], self.input_size)) * 0.1}

    def apply(self, params, rng_key, z, is_training=True):
        h = z @ params['w']
        if is_training:
            keep = jax.random.bernoulli(rng_key, 0.9, h.shape)
            h = jnp.where(keep, h / 0.9, 0.0)
        return jax.nn.sigmoid(h)


class CLUE:
    def __init__(self, enc_size=4, input_size=6):
        self.decoder = Decoder(input_size)
        self.enc_size = enc_size

    @partial(jax.jit, static_argnums=(0, ))
    def sample_latent(self, rng_key, mean, var):
        eps = jax.random.normal(rng_key, var.shape)
        return mean + eps * var

    @partial(jax.jit, static_argnums=(0, 4, 5))  # expect: JAX303
    def decode(self, dec_params, rng_key, z, is_training=True,):
        reconstruct_x = self.decoder.apply(
            dec_params, rng_key, z, is_training=is_training)
        return reconstruct_x

    @partial(jax.jit, static_argnums=(0, 5))
    def sample_step(
        self, rng_key, dec_params, mean, var, is_training=True
    ):
        z = self.sample_latent(rng_key, mean, var)
        mu_x = self.decode(dec_params, rng_key, z, is_training=is_training)
        return mu_x
