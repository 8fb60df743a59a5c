"""CMCD (controlled Monte Carlo diffusion) training with a learned drift correction. The loss
`cmcd_train_loss` runs the whole annealed Langevin chain with a Python
`for t in range(1, self.T)` loop that draws fresh Gaussian noise and evaluates the drift network
at every step, and the training script jits that loss (T = 50 diffusion steps by default). Under
`jax.jit` the chain is unrolled into T copies of the step, noise draws and network calls, and
`value_and_grad` differentiates through all of them, so tracing and compilation grow with T.

Source: https://github.com/pablomlago/diffusion-project/blob/50bb5695c1e882d14076df2326cce6d732604223/cmcd_train_refactor.py#L120
Observed on jax 0.10.x: cmcd_train_loss compiled 2 times
"""
import jax
import jax.numpy as jnp
import optax
from jax.scipy.stats import norm

from langevin import LangevinConfig, LangevinDiffusion


class NormalDistribution:
    def __init__(self, T, mean=2.0, std=0.5):
        self.T, self.mean, self.std = T, mean, std
        self.prod_gamma_squared = jnp.cumprod(1.0 - (1e-4 + (0.02 - 1e-4) * jnp.linspace(0, T, T) / T))

    def noisy_score_reversed(self, x_t, t):
        return -(x_t - self.mean) / (self.std ** 2 + (1.0 - self.prod_gamma_squared[self.T - t - 1]))

    def log_density(self, x):
        return norm.logpdf(x, loc=self.mean, scale=self.std)


def drift_apply(params, x):
    return jnp.tanh(x @ params["w"]) @ params["v"]


class DriftCorrection:
    apply = staticmethod(drift_apply)


def run():
    T, n_batch = 20, 8  # the script defaults to T = 50
    key = jax.random.PRNGKey(0)
    langevin_diffuser = LangevinDiffusion(LangevinConfig(T=T, step_size=0.01))
    normal_distribution = NormalDistribution(T)
    drift_correction = DriftCorrection()
    params = {"w": 0.1 * jnp.ones((2, 8)), "v": jnp.zeros((8, 1))}
    opt = optax.adam(1e-3)
    opt_state = opt.init(params)
    log_density_sample = lambda x: norm.logpdf(x)
    train_loss_fn = jax.jit(langevin_diffuser.cmcd_train_loss, static_argnums=(2, 3, 4, 5))
    key, subkey = jax.random.split(key)
    x_T = jax.random.normal(subkey, shape=(n_batch, 1))
    key, subkey = jax.random.split(key)
    loss, grads = jax.value_and_grad(train_loss_fn)(
        params, x_T, drift_correction, normal_distribution.noisy_score_reversed,
        normal_distribution.log_density, log_density_sample,
        (1.0 - normal_distribution.prod_gamma_squared), subkey,
    )
    updates, opt_state = opt.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return None


if __name__ == "__main__":
    run()
