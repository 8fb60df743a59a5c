"""Generic Volterra plasticity rule with 27 coefficients: `update_weights_` builds dw
by looping in Python over `range(len(A))` (all 27 pre/post/weight power terms) for
every layer, and the user jits it with `jax.jit(Partial(update_weights_, mask))`
and then differentiates through it. The author's own comment reads "inefficient
implementation: check out why!" -- each call traces 27 x layers outer products.

Source: https://github.com/yashsmehta/MetaLearnPlasticity/blob/c80298f45be9483269262769278a86ee20e51bcb/cosyne/main.py#L202-L221
Observed on jax 0.10.x: runs
"""
import jax
import jax.numpy as jnp
from jax.tree_util import Partial

import utils


def forward_(weights, x):
    act = [jnp.expand_dims(x, 1)]
    for layer in range(len(weights)):
        act.append(jax.nn.sigmoid(jnp.dot(weights[layer], act[-1])))
    return act


forward = jax.jit(forward_)


# inefficient implementation: check out why!
def update_weights_(plasticity_mask, weights, x, A):
    act = forward(weights, x)
    A = A * plasticity_mask
    for layer in range(len(weights)):
        dw = 0
        for index in range(len(A)):  # expect: JAX407
            i, j, k = utils.A_index_to_powers(index)
            dw += A[index] * jnp.multiply(
                jnp.outer(act[layer + 1] ** j, act[layer] ** i), weights[layer] ** k
            )
        weights[layer] += dw
    return weights


def run():
    key = jax.random.PRNGKey(0)
    k1, k2, k3 = jax.random.split(key, 3)
    weights = [0.2 * jax.random.normal(k1, (3, 3)), 0.2 * jax.random.normal(k2, (2, 3))]
    x = 0.1 * jax.random.normal(k3, (3,))
    plasticity_mask = jnp.ones((27,))
    update_weights = jax.jit(Partial(update_weights_, plasticity_mask))
    loss = lambda A: sum(jnp.sum(w) for w in update_weights(list(weights), x, A))
    jax.grad(loss)(1e-3 * jnp.ones((27,)))
    return None
