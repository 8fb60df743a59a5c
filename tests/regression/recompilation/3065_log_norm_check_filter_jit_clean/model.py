import equinox as eqx
import jax
import jax.numpy as jnp


class VPSDE(eqx.Module):
    N: int = 8
    beta_min: float = 0.1
    beta_max: float = 20.0

    def marginal_prob(self, x, t):
        log_mean_coeff = -0.25 * t**2 * (self.beta_max - self.beta_min) - 0.5 * t * self.beta_min
        mean = jnp.exp(log_mean_coeff) * x
        std = jnp.sqrt(1.0 - jnp.exp(2.0 * log_mean_coeff))
        return mean, std


class ScoreBasedSDE(eqx.Module):
    sde: VPSDE
    mlp: eqx.nn.MLP

    def __init__(self, dim, key):
        self.sde = VPSDE()
        self.mlp = eqx.nn.MLP(dim + 1, dim, 32, 2, key=key)

    def score(self, x, t, key):
        _, std = self.sde.marginal_prob(x, t)
        return self.mlp(jnp.concatenate([x, t])) / std
