"""PlenOctrees' NeRF-SH training loop computes a Python float learning rate every step
(`lr = learning_rate_fn(step)`) and passes it to the parallel train step
(`train_pstep(keys, state, batch, lr)`, `in_axes=(0, 0, 0, None)`). The float changes on
every iteration but it is an ordinary traced (weakly typed) argument, not a static one, so
the step is compiled once and reused for the whole run. Rebuilt with jax.jit on one host.

Source: https://github.com/sxyu/plenoctree/blob/f0b82631199a1aa7dc9ce263c08980a3a7504014/nerf_sh/train.py#L198
Observed on jax 0.10.x: train_step compiled 1 times
"""
import functools

import jax
import jax.numpy as jnp
import numpy as np


def learning_rate_decay(step, lr_init=5e-4, lr_final=5e-6, max_steps=1000, lr_delay_steps=0, lr_delay_mult=1):
    t = np.clip(step / max_steps, 0, 1)
    return float(np.exp(np.log(lr_init) * (1 - t) + np.log(lr_final) * t))


def train_step(model, rng, state, batch, lr):
    rng, key = jax.random.split(rng)

    def loss_fn(params):
        pred = model(params, batch["rays"]) + 0.0 * jax.random.normal(key, batch["pixels"].shape)
        return jnp.mean((pred - batch["pixels"]) ** 2)

    loss, grad = jax.value_and_grad(loss_fn)(state)
    return state - lr * grad, loss, rng


def model(params, rays):
    return jnp.tanh(rays @ params)


def run():
    train_pstep = jax.jit(functools.partial(train_step, model), donate_argnums=(2,))
    learning_rate_fn = functools.partial(learning_rate_decay, max_steps=50)
    keys = jax.random.PRNGKey(20200823)
    state = jnp.ones((3, 3)) * 0.1
    for step in range(1, 20):
        batch = {"rays": jnp.ones((64, 3)) * step / 20, "pixels": jnp.ones((64, 3)) * 0.5}
        lr = learning_rate_fn(step)
        state, loss, keys = train_pstep(keys, state, batch, lr)
