"""Denoising score matching on a 1-D Gaussian mixture. `dsm_loss` is jitted once at definition
with `static_argnums=(3,)` for the score network object; the training loop calls
`jax.value_and_grad(loss_fn)(params, x_batch, t_n_batch, score, key)` every step with the same
network object and same-shaped batches (indices, noise levels and noise drawn from separate subkeys), so the
loss is compiled once for the run (one forward and one differentiated executable), not per step.

Source: https://github.com/pablomlago/diffusion-project/blob/50bb5695c1e882d14076df2326cce6d732604223/score_matching.py#L99
Observed on jax 0.10.x: dsm_loss compiled 2 times
"""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax


class MLP:
    """Stand-in for the repository's flax MLP: init / apply, one instance for the run."""

    def __init__(self, hidden_dim=16, out_dim=1, n_layers=2):
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


def geometric_progression_schedule(T, sigma_start=20.0, sigma_end=1.0):
    r = (sigma_end / sigma_start) ** (1 / (T - 1))
    return jnp.array([sigma_start * (r ** i) for i in range(T)], dtype=np.float32)


def run():
    T, n_batch, n_steps = 10, 8, 4
    sigma_schedule = geometric_progression_schedule(T, 5.0, 0.1)

    @partial(jax.jit, static_argnums=(3,))
    def dsm_loss(params, x, t, score, key):
        eps = jax.random.normal(key, shape=x.shape)
        x_t = x + sigma_schedule[t] * eps
        score_pred = score.apply(params, jnp.concatenate([x_t, sigma_schedule[t]], axis=-1))
        return jnp.mean(jnp.sum((score_pred + eps) ** 2, axis=1))

    key = jax.random.PRNGKey(0)
    x = jax.random.normal(key, (64, 1))
    score = MLP()
    t_array = jnp.expand_dims(jnp.arange(T), axis=-1)
    params = score.init(key, jnp.concatenate([x[:T], sigma_schedule[t_array]], axis=-1))
    opt = optax.adam(learning_rate=1e-3)
    opt_state = opt.init(params)
    loss_fn = dsm_loss
    for step in range(n_steps):
        key, idx_key, t_key, noise_key = jax.random.split(key, 4)
        idx = jax.random.choice(idx_key, x.shape[0], shape=(n_batch,))
        x_batch = x[idx]
        t_n_batch = jax.random.choice(t_key, T, shape=(x_batch.shape[0], 1))
        loss, grads = jax.value_and_grad(loss_fn)(params, x_batch, t_n_batch, score, noise_key)
        updates, opt_state = opt.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
    return None


if __name__ == "__main__":
    run()
