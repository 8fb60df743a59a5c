"""DDPM training on a 1-D Gaussian mixture. In every step the user refreshes the key once
(`key, _ = jax.random.split(key)`) and then draws both the minibatch indices
`idx = jax.random.choice(key, x.shape[0], ...)` and the diffusion timesteps
`t_n_batch = jax.random.choice(key, T, ...)` from that same key. The two draws share their random
bits, so the timestep assigned to a sample is a function of which sample was picked (with as
many training points as timesteps they are literally equal) instead of being independent.

Source: https://github.com/pablomlago/diffusion-project/blob/50bb5695c1e882d14076df2326cce6d732604223/run_diffusion.py#L140
Observed on jax 0.10.x: 3 of 3 calls
"""
from functools import partial

import jax
import jax.numpy as jnp
import optax

from diffusion import DDPM


def score_apply(params, x):
    return jnp.tanh(x @ params["w"]) @ params["v"]


def run():
    T, n_batch, n_steps = 20, 8, 3
    ddpm = DDPM(T)

    @partial(jax.jit, static_argnums=(3,))
    def diffusion_loss(params, x, t, score, key):
        eps = jax.random.normal(key, shape=x.shape)
        x_t = ddpm.add_noise(x, t, key)
        eps_pred = score(params, jnp.concatenate([x_t, t / (T - 1)], -1))
        return jnp.mean((eps - eps_pred) ** 2)

    key = jax.random.PRNGKey(0)
    x = jax.random.normal(jax.random.PRNGKey(1), (T, 1))
    params = {"w": 0.1 * jnp.ones((2, 16)), "v": jnp.zeros((16, 1))}
    opt = optax.adam(learning_rate=1e-3)
    opt_state = opt.init(params)
    coupled = 0
    for step in range(n_steps):
        key, _ = jax.random.split(key)
        idx = jax.random.choice(key, x.shape[0], shape=(n_batch,))
        x_batch = x[idx]
        t_n_batch = jax.random.choice(key, T, shape=(x_batch.shape[0], 1))  # expect: JAX501
        loss, grads = jax.value_and_grad(diffusion_loss)(params, x_batch, t_n_batch, score_apply, key)
        updates, opt_state = opt.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        coupled += int(bool(jnp.array_equal(idx, t_n_batch[:, 0])))
    return coupled


if __name__ == "__main__":
    print(run())
