from functools import partial

import jax
import jax.numpy as jnp
import jax.random as jr


class NoPropCT:
    """Continuous-time NoProp model: encoder -> noisy latent -> CRN denoiser -> decoder."""

    def __init__(self, config, z_dim=4, y_dim=3, x_dim=5):
        self.config = config
        self.z_dim, self.y_dim, self.x_dim = z_dim, y_dim, x_dim

    def init(self, key):
        k1, k2, k3 = jr.split(key, 3)
        return {"enc": jr.normal(k1, (self.y_dim, 2 * self.z_dim)) * 0.1,
                "crn": jr.normal(k2, (self.z_dim + self.x_dim + 1, self.z_dim)) * 0.1,
                "dec": jr.normal(k3, (self.z_dim, self.y_dim)) * 0.1}

    def encoder(self, params, y):
        out = y @ params["enc"]
        return out[..., :self.z_dim], out[..., self.z_dim:]

    def crn_output(self, params, z_t, x, t):
        return jnp.tanh(jnp.concatenate([z_t, x, t[:, None]], -1) @ params["crn"])

    def decoder(self, params, z):
        return jax.nn.softmax(z @ params["dec"], axis=-1)

    # JIT with training static to avoid traced bool in Dropout
    @partial(jax.jit, static_argnums=(0, 5))
    def loss(self, params, x, y, key, training=True):
        key, t_key, noise_key, z_target_key = jr.split(key, 4)
        mu_z_target, logvar_z_target = self.encoder(params, y)
        z_target = mu_z_target + jnp.exp(0.5 * logvar_z_target) * jr.normal(z_target_key, mu_z_target.shape)

        t = jr.uniform(t_key, (y.shape[0],), minval=0.0, maxval=1.0)
        gamma_t = 10.0 * t - 5.0
        alpha_t = jax.nn.sigmoid(gamma_t)[:, None]
        z_t = jnp.sqrt(alpha_t) * z_target + jnp.sqrt(1.0 - alpha_t) * jr.normal(noise_key, z_target.shape)

        z_target_est = self.crn_output(params, z_t, x, t)
        y_pred = self.decoder(params, z_target_est)

        snr_weight = 10.0 * jnp.exp(gamma_t)
        squared_error = jnp.mean((z_target_est - z_target) ** 2, axis=-1)
        snr_loss = jnp.mean(snr_weight * squared_error)

        print(f"{jnp.sum((y_pred-z_target_est[..., :self.y_dim])**2)}")  # expect: JAX101
        recon_loss = jnp.mean(snr_weight * jnp.mean((y - y_pred)**2, axis=-1))
        recon_weight = self.config.get("recon_weight", 0.0)
        total = snr_loss + recon_weight * recon_loss
        return total, {"snr_loss": snr_loss, "recon_loss": recon_loss}
