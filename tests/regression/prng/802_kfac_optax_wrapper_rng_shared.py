"""kfac-jax examples: OptaxWrapper feeds one `rng` to the loss and the preconditioner.

Source: https://github.com/google-deepmind/kfac-jax/commit/9a65189d4e71509e48e2d18315e783a646a22c2d
(kfac-jax, "Fixing improper reuse of PRNG keys in the Optax wrapper").

In the examples' `OptaxWrapper._step`, the step key `rng` was bound into the
loss-function arguments (`make_func_args(params, func_state, rng, batch, ...)`,
used e.g. for dropout) and also passed unchanged to
`self._preconditioner.maybe_update(precond_state, func_args, rng)`, whose
curvature estimator samples model targets from it. Both consumers therefore
draw from the same key -- the loss noise and the curvature-estimation noise are
identical. The fix splits `rng_func, rng_precon = jax.random.split(rng)`.
Estimator and loss trimmed; the key is consumed the same way.

Observed on jax 0.10.2: 3 of 3 calls
"""
from typing import NamedTuple, Optional

import jax
import jax.numpy as jnp
import optax


def make_func_args(params, func_state, rng, batch, has_state, has_rng):
    func_args = (params,)
    if has_state:
        func_args += (func_state,)
    if has_rng:
        func_args += (rng,)
    return func_args + (batch,)


class Preconditioner:
    """Diagonal Fisher estimate from model samples (trimmed estimator)."""

    def __init__(self, predict_fn):
        self._predict_fn = predict_fn

    def init(self, params):
        return jnp.ones_like(params)

    def maybe_update(self, state, func_args, rng):
        params, _, batch = func_args
        preds = self._predict_fn(params, batch[0])
        eps = jax.random.normal(rng, preds.shape)
        sampled_targets = preds + eps
        g = batch[0].T @ (preds - sampled_targets) / preds.shape[0]
        return 0.9 * state + 0.1 * g**2, eps

    def apply(self, state, grads):
        return grads / (state + 1e-3)


class OptaxAndPreconditionState(NamedTuple):
    optax_state: optax.OptState
    precond_state: Optional[jax.Array] = None


class OptaxWrapper:
    def __init__(self, value_and_grad_func, optax_optimizer, preconditioner):
        self._value_and_grad_func = value_and_grad_func
        self._optax_optimizer = optax_optimizer
        self._preconditioner = preconditioner
        self._jit_step = jax.jit(self._step)

    def init(self, params):
        return OptaxAndPreconditionState(self._optax_optimizer.init(params), self._preconditioner.init(params))

    def _step(self, params, state, rng, batch):
        """A single step of optax."""
        func_args = make_func_args(params, None, rng, batch, has_state=False, has_rng=True)
        precond_state, estimator_noise = self._preconditioner.maybe_update(
            state.precond_state, func_args, rng  # missed: JAX501 (the key reaches the two consumers through methods of objects held in fields; keys are not yet values the interpreter follows)
        )
        (loss, dropout_noise), grads = self._value_and_grad_func(*func_args)
        grads = self._preconditioner.apply(precond_state, grads)
        updates, optax_state = self._optax_optimizer.update(grads, state.optax_state, params)
        params = optax.apply_updates(params, updates)
        stats = {"loss": loss, "same_noise": jnp.array_equal(estimator_noise, dropout_noise)}
        return params, OptaxAndPreconditionState(optax_state, precond_state), stats

    def step(self, params, state, rng, batch):
        return self._jit_step(params, state, rng, batch)


def predict(params, x):
    return x @ params


def loss_fn(params, rng, batch):
    x, y = batch
    preds = predict(params, x)
    noise = jax.random.normal(rng, preds.shape)  # e.g. output dropout / label noise
    return jnp.mean((preds + 0.1 * noise - y) ** 2), noise


def run():
    wrapper = OptaxWrapper(
        jax.value_and_grad(loss_fn, has_aux=True), optax.sgd(0.1), Preconditioner(predict)
    )
    params = jnp.zeros((4,))
    state = wrapper.init(params)
    batch = (jnp.ones((16, 4)), jnp.ones((16,)))
    key = jax.random.PRNGKey(0)
    same = 0
    for _ in range(3):
        key, rng = jax.random.split(key)
        params, state, stats = wrapper.step(params, state, rng, batch)
        same += int(stats["same_noise"])
    # in how many steps did the estimator and the loss draw identical noise
    return same
