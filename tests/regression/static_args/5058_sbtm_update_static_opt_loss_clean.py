"""Score-based transport modeling: the parameter update is jitted with the optax optimizer and the
loss function static (`static_argnums=(2, 3)`). Both are callables hashed by identity, but the
solver builds them once (self.opt in __init__, self.loss_func in setup_loss) and passes the same
objects on every inner optimisation step, so the update compiles once for the whole run.

Source: https://github.com/nmboffi/sbtm/blob/8a2843bbdec1cdbc15f86cb4cca640aae3593976/losses.py#L175
Observed on jax 0.10.x: update compiled 1 times
"""
from functools import partial
from typing import Callable, Tuple

import jax
import jax.numpy as np
import optax
from jax import value_and_grad, vmap


@partial(jax.jit, static_argnums=(2, 3))
def update(params, opt_state, opt: optax.GradientTransformation, loss_func: Callable, loss_func_args: Tuple = tuple()):
    loss_value, grads = value_and_grad(loss_func)(params, *loss_func_args)
    updates, opt_state = opt.update(grads, opt_state, params=params)
    new_params = optax.apply_updates(params, updates)
    return new_params, opt_state, loss_value, grads


class DenoisingSolver:
    def __init__(self, noise_fac=0.1, lr=1e-2):
        self.noise_fac = noise_fac
        self.opt = optax.adam(lr)
        self.setup_loss()

    def score(self, params, x):
        return np.tanh(x @ params["W"] + params["b"])

    def setup_loss(self):
        def sample_denoising_loss(params, sample, noise):
            loss = 0
            for sign in [-1, 1]:
                s = self.score(params, sample + self.noise_fac * sign * noise)
                loss += np.sum(self.noise_fac * s**2 + 2 * sign * s * noise)
            return loss / 2

        self.loss_func = lambda params, samples, noise: np.mean(
            vmap(sample_denoising_loss, in_axes=(None, 0, 0))(params, samples, noise)
        )

    def fit(self, params, samples, key, n_opt_steps):
        opt_state = self.opt.init(params)
        for _ in range(n_opt_steps):
            key, sub = jax.random.split(key)
            noise = jax.random.normal(sub, samples.shape)
            params, opt_state, loss_value, grads = update(
                params, opt_state, self.opt, self.loss_func, (samples, noise)
            )
        return params, loss_value


def run():
    key = jax.random.PRNGKey(0)
    params = {"W": 0.1 * jax.random.normal(key, (2, 2)), "b": np.zeros(2)}
    samples = jax.random.normal(key, (16, 2))
    solver = DenoisingSolver()
    _, loss = solver.fit(params, samples, key, n_opt_steps=4)
    return int(np.isfinite(loss))
