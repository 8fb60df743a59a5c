"""NILM uncertainty: the deep-ensemble members all see the same minibatches and dropout masks.

`fit(model, params, X, y, deterministic, ..., rng=jax.random.PRNGKey(0))` draws every minibatch
and dropout mask from its `rng` argument. The notebook's deep ensemble trains members with
`jax.jit(jax.vmap(de_train, in_axes=(None, None, 0)))(x_train, y_train, jnp.arange(10))`, where
`de_train` calls `fit(...)` without an rng: the default key is the same for every member, so the
only diversity left in the "ensemble" is the initialisation. (Inside the scan body the same
per-step key also picks the minibatch and drives dropout.) Members started from the same
weights (as when fine-tuning a pretrained model) come out identical.

Source: https://github.com/VibhutiBansal-11/NILM_Uncertainty/blob/2dc8f1a37165ad1f519ce7df7bb9510bc54ae805/utilities/fits.py#L14
Observed on jax 0.10.x: 2 of 3 calls
"""
import jax
import jax.numpy as jnp

from .models.mlp import mlp
from .utilities.fits import fit


def de_train(x, y, i, model, param):
    param, losses = fit(model, param, x, y, False, batch_size=8, learning_rate=0.001, epochs=2)
    return param, losses


def run():
    model = mlp(features=[16, 1], dropout_rate=[0.2])
    x_train = jax.random.normal(jax.random.PRNGKey(1), (64, 4))
    y_train = jnp.sum(x_train, axis=1, keepdims=True)
    pretrained = model.init(jax.random.PRNGKey(0), x_train, True)
    params_list, losses_list = jax.jit(
        jax.vmap(lambda i: de_train(x_train, y_train, i, model, pretrained))
    )(jnp.arange(3))
    # members (after the first) whose training trajectory is identical to member 0
    return sum(bool(jnp.array_equal(losses_list[k], losses_list[0])) for k in range(1, 3))
