"""The CMCD training script builds `train_loss_fn = jax.jit(langevin_diffuser.cmcd_train_loss,
static_argnums=(2,3,4,5))` inside the training-step loop and then calls it with two fresh
`lambda x: norm.logpdf(...)` densities at static positions 4 and 5. Every step jits a new
callable (the bound method is re-read from the diffuser) and hands it lambdas it has never seen,
so the loss (the whole unrolled Langevin chain) is traced and compiled again on every step.

Source: https://github.com/pablomlago/diffusion-project/blob/50bb5695c1e882d14076df2326cce6d732604223/cmcd_train.py#L135
Observed on jax 0.10.x: cmcd_train_loss compiled 6 times
"""
import jax
import jax.numpy as jnp
import optax
from jax.scipy.stats import norm

from langevin import LangevinConfig, LangevinDiffusion


class MLP:
    """Stand-in for the repository's flax MLP (init / apply, hashed by identity)."""

    def __init__(self, hidden_dim=8, out_dim=1, n_layers=2):
        self.hidden_dim, self.out_dim, self.n_layers = hidden_dim, out_dim, n_layers

    def init(self, key, x):
        sizes = [x.shape[-1]] + [self.hidden_dim] * self.n_layers + [self.out_dim]
        keys = jax.random.split(key, len(sizes) - 1)
        return [(0.1 * jax.random.normal(k, (a, b)), jnp.zeros(b)) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]

    def apply(self, params, x):
        for W, b in params[:-1]:
            x = jax.nn.gelu(x @ W + b)
        W, b = params[-1]
        return x @ W + b


def run():
    T, n_batch, n_steps = 5, 16, 3
    key = jax.random.PRNGKey(0)
    langevin_diffuser = LangevinDiffusion(LangevinConfig(T=T, step_size=0.01))
    sigma_squared = 1e-4 + (0.02 - 1e-4) * jnp.linspace(0, T, T) / T
    prod_gamma_squared = jnp.cumprod(1.0 - sigma_squared)
    _mean_x_0, _std_x_0 = 2.0, 0.5

    def score_fn_reversed(x_t, t):
        return -(x_t - _mean_x_0) / (_std_x_0 ** 2 + (1.0 - prod_gamma_squared[T - t - 1]))

    drift_correction = MLP()
    params = drift_correction.init(key, jnp.zeros((T, 2)))
    opt = optax.adam(1e-3)
    opt_state = opt.init(params)

    for step in range(n_steps):
        key, subkey = jax.random.split(key)
        x_T = jax.random.normal(key, shape=(n_batch, 1))
        key, subkey = jax.random.split(key)
        train_loss_fn = jax.jit(langevin_diffuser.cmcd_train_loss, static_argnums=(2, 3, 4, 5))  # expect: JAX401,JAX405
        loss, grads = jax.value_and_grad(train_loss_fn)(
            params,
            x_T,
            drift_correction,
            score_fn_reversed,
            lambda x: norm.logpdf(x, loc=_mean_x_0, scale=_std_x_0),
            lambda x: norm.logpdf(x),
            (1.0 - prod_gamma_squared),
            key,
        )
        updates, opt_state = opt.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
    return None


if __name__ == "__main__":
    run()
