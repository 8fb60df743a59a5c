"""In the GMM variant of the CMCD trainer the user picks `loss_fn` (a bound method of the Langevin
diffuser) once, but still wraps it with `jax.jit(loss_fn, static_argnums=(2,3,4,5))` inside the
step loop, and the sampling density at static position 5 is written inline as
`lambda x : norm.logpdf(x)`. A lambda hashes by identity, so each step presents a new static
argument and the diffusion loss is retraced and recompiled every iteration.

Source: https://github.com/pablomlago/diffusion-project/blob/50bb5695c1e882d14076df2326cce6d732604223/cmcd_train_gmm.py#L133
Observed on jax 0.10.x: cmcd_kl_loss compiled 6 times
"""
import jax
import jax.numpy as jnp
import optax
from jax.scipy.stats import norm
from jax.scipy.special import logsumexp


class GMM:
    def __init__(self, prior, means, stds, T):
        self.prior, self.means, self.stds, self.T = jnp.array(prior), jnp.array(means), jnp.array(stds), T
        self.prod_gamma_squared = jnp.cumprod(1.0 - jnp.linspace(1e-4, 0.02, T))

    def log_density(self, x):
        return logsumexp(jnp.log(self.prior) + norm.logpdf(x, self.means, self.stds), axis=-1, keepdims=True)

    def noisy_score_reversed(self, x, t):
        return -(x - self.means.mean()) / (1.0 + self.prod_gamma_squared[self.T - t - 1])


class LangevinDiffusion:
    def __init__(self, T, step_size):
        self.T, self.step_size = T, step_size

    def cmcd_train(self, params, x_0, drift_correction, score, log_density_target, log_density_sample, sigma, key):
        x_t, log_w = x_0, -log_density_sample(x_0)
        for t in range(1, self.T):
            key, _ = jax.random.split(key)
            eps = jax.random.normal(key, shape=x_0.shape)
            h = self.step_size * sigma[t] / sigma[self.T - 1]
            x_new = x_t + h * score(x_t, t) + drift_correction(params, x_t) + jnp.sqrt(2 * h) * eps
            log_w += -0.5 * jnp.sum((x_new - x_t) ** 2, axis=1, keepdims=True) / (2 * h)
            x_t = x_new
        return x_t, log_w + log_density_target(x_t)

    def cmcd_kl_loss(self, params, x_0, drift_correction, score, log_density_target, log_density_sample, sigma, key):
        _, log_w = self.cmcd_train(params, x_0, drift_correction, score, log_density_target, log_density_sample, sigma, key)
        return jnp.mean((jnp.exp(log_w) - 1.0) - log_w) / self.T


def drift_correction(params, x):
    return jnp.tanh(x @ params["w"]) @ params["v"]


def run():
    T, n_batch, n_steps = 4, 16, 3
    gmm = GMM([0.5, 0.5], [-2.0, 2.0], [0.5, 0.5], T)
    langevin_diffuser = LangevinDiffusion(T, 0.01)
    key = jax.random.PRNGKey(0)
    params = {"w": 0.1 * jnp.ones((1, 8)), "v": jnp.zeros((8, 1))}
    opt = optax.adam(1e-3)
    opt_state = opt.init(params)
    loss_fn = langevin_diffuser.cmcd_kl_loss
    for step in range(n_steps):
        key, subkey = jax.random.split(key)
        x_T = jax.random.normal(key, shape=(n_batch, 1))
        key, subkey = jax.random.split(key)
        train_loss_fn = jax.jit(loss_fn, static_argnums=(2, 3, 4, 5))  # expect: JAX401
        loss, grads = jax.value_and_grad(train_loss_fn)(params, x_T, drift_correction, gmm.noisy_score_reversed, gmm.log_density, lambda x: norm.logpdf(x), (1.0 - gmm.prod_gamma_squared), key)  # expect: JAX405
        updates, opt_state = opt.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
    return None


if __name__ == "__main__":
    run()
