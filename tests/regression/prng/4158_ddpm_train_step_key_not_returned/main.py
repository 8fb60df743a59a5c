"""DDPM training script (JAX learning repo of a student). `train_step(key, state, batch, ...)`
does `key, noise_key, t_key, q_key = random.split(key, num=4)` and draws the diffusion noise and
the timesteps from the subkeys, but the advanced `key` is thrown away: only `(new_state, loss)`
is returned. The epoch loop calls `p_train_step(training_key, state, batch)` with the same
`training_key` on every step, so every step reuses identical noise and identical timesteps.
Rebuilt with jax.jit instead of pmap (single device, no pmean) and a tiny linear denoiser; run()
freezes the optimiser (lr 0) on one fixed batch so that any change in the loss can only come from
fresh noise, and counts the steps after the first whose loss is bit-identical to step 0's.

Source: https://github.com/Willis1118/JAX_learning/blob/1941877306262babd8ebfe375fc5953b9ab4dca4/DDPM/train.py#L116-L157
Observed on jax 0.10.x: 3 of 3 calls
"""
import functools

import jax
import jax.numpy as jnp
import optax
from jax import random

from diffusion import Diffuser, TIME_STEPS


def apply_fn(params, noisy_x, time):
    return noisy_x @ params['w'] + 1e-3 * time[:, None] * params['b']


def train_step(key, state, batch, learning_rate_fn, tx):
    key, noise_key, t_key, q_key = random.split(key, num=4)

    def loss_fn(params):
        noise = random.normal(noise_key, batch.shape)
        t = random.randint(t_key, (batch.shape[0],), 0, TIME_STEPS)
        noisy_x = Diffuser().q_sample(q_key, batch, t, noise=noise)
        output = apply_fn(params, noisy_x, time=t)
        loss = jnp.mean((output - noise) ** 2)
        return loss, (output, loss)

    lr = learning_rate_fn(state['step'])
    grad_fn = jax.value_and_grad(loss_fn, has_aux=True)
    aux, grads = grad_fn(state['params'])
    output, loss = aux[1]
    updates, opt_state = tx.update(grads, state['opt_state'], state['params'])
    new_state = {'step': state['step'] + 1, 'params': optax.apply_updates(state['params'], updates),
                 'opt_state': opt_state}
    return new_state, loss


def run():
    state_key, training_key, sample_key = random.split(random.PRNGKey(0), num=3)
    params = {'w': 0.1 * random.normal(state_key, (8, 8)), 'b': jnp.ones((8,))}
    tx = optax.sgd(0.0)
    state = {'step': jnp.array(0), 'params': params, 'opt_state': tx.init(params)}
    p_train_step = jax.jit(functools.partial(train_step, learning_rate_fn=lambda s: 0.0, tx=tx))
    batch = random.normal(sample_key, (4, 8))
    losses = []
    for epoch in range(2):
        for _ in range(2):
            state, metrics = p_train_step(training_key, state, batch)  # expect: JAX502,JAX503
            losses.append(float(metrics))
    return sum(1 for l in losses[1:] if l == losses[0])


if __name__ == "__main__":
    print(run())
